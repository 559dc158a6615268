import { useState } from 'react';
import { Badge, Button, Grid, Popover } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useMessageCounts } from '../../features/session/use-message-counts.ts';
import { MessagePopover } from '../../features/message/MessagePopover.tsx';

/**
 * Unread message badge (live: the notify socket refreshes the counts); its popover splits the
 * count by kind and lists today's messages with links to the message pages.
 */
export function MessageBadge({ showBilling }: { showBilling: boolean }) {
  const { t } = useTranslation('layout');
  const { data } = useMessageCounts();
  const [open, setOpen] = useState(false);
  const phone = Grid.useBreakpoint().sm === false;
  const unread = data?.unread ?? { notice: 0, billing: 0, alarm: 0 };
  const total = unread.notice + unread.alarm + (showBilling ? unread.billing : 0);
  return (
    <Popover
      trigger="click"
      // On a phone the bell sits near the middle: centred placement shifts to stay on screen.
      placement={phone ? 'bottom' : 'bottomRight'}
      open={open}
      onOpenChange={setOpen}
      destroyOnHidden
      content={<MessagePopover counts={unread} showBilling={showBilling} onDone={() => setOpen(false)} />}
    >
      <Button
        type="text"
        aria-label={t('messages.unread', { count: total })}
        data-testid="message-badge"
        data-unread={total}
      >
        <Badge count={total} size="small" offset={[4, -2]}>
          <BellOutlined className="header-icon" />
        </Badge>
      </Button>
    </Popover>
  );
}

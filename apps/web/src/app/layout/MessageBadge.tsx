import { Badge, Button, Popover } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useMessageCounts } from '../../features/session/use-message-counts.ts';

/** Unread message badge; the popover splits the count into system, alarm and billing. */
export function MessageBadge({ showBilling }: { showBilling: boolean }) {
  const { t } = useTranslation('layout');
  const { data } = useMessageCounts();
  const unread = data?.unread ?? { notice: 0, billing: 0, alarm: 0 };
  const total = unread.notice + unread.alarm + (showBilling ? unread.billing : 0);
  const rows = [
    { key: 'notice', n: unread.notice },
    { key: 'alarm', n: unread.alarm },
    ...(showBilling ? [{ key: 'billing', n: unread.billing }] : []),
  ];
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      title={t('messages.title')}
      content={
        <ul className="message-counts" data-testid="message-counts">
          {rows.map((r) => (
            <li key={r.key}>
              <span>{t(`messages.${r.key}`)}</span>
              <Badge count={r.n} showZero color={r.n ? undefined : 'var(--app-border)'} />
            </li>
          ))}
        </ul>
      }
    >
      <Button type="text" aria-label={t('messages.unread', { count: total })} data-testid="message-badge">
        <Badge count={total} size="small" offset={[4, -2]}>
          <BellOutlined className="header-icon" />
        </Badge>
      </Button>
    </Popover>
  );
}

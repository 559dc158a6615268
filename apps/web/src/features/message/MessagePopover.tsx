import { Badge, Button, Empty, Spin } from 'antd';
import { AlertOutlined, NotificationOutlined, WalletOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MenuPath, termKey, type MessageCounts, type MessageItem, type MessageKindName } from '@hmi/domain';
import { AlarmLevelTag } from '../alarm/index.ts';
import { formatClock, useMessageTitle } from './message-format.ts';
import { useSetRead, useTodayMessages } from './use-messages.ts';
import './message.css';

/** The message page of each kind (billing only reached when the header shows billing). */
const pageOf: Readonly<Record<MessageKindName, string>> = {
  alarm: MenuPath.MsgAlarm,
  notice: MenuPath.MsgSystem,
  billing: MenuPath.MsgBilling,
};

const kindIcon: Readonly<Record<MessageKindName, React.ReactNode>> = {
  notice: <NotificationOutlined />,
  alarm: <AlertOutlined />,
  billing: <WalletOutlined />,
};

interface Props {
  counts: MessageCounts['unread'];
  showBilling: boolean;
  /** The popover closes (the user went to a page). */
  onDone(): void;
}

/**
 * The header's message popover: unread counts by kind with their pages, today's messages
 * (newest first; a click opens its page and marks it read) and "mark all read".
 */
export function MessagePopover({ counts, showBilling, onDone }: Props) {
  const { t } = useTranslation('message');
  const navigate = useNavigate();
  const titleOf = useMessageTitle();
  const today = useTodayMessages(true);
  const setRead = useSetRead();
  const kinds: MessageKindName[] = showBilling ? ['notice', 'alarm', 'billing'] : ['notice', 'alarm'];
  const unread = kinds.reduce((n, k) => n + counts[k], 0);
  const items = (today.data?.list ?? []).filter((m) => kinds.includes(m.kind));

  const go = (kind: MessageKindName) => {
    onDone();
    void navigate(pageOf[kind]);
  };
  const open = (m: MessageItem) => {
    if (!m.read) setRead.mutate({ ids: [m.id] });
    go(m.kind);
  };

  return (
    <div className="message-popover" data-testid="message-popover">
      <div className="message-popover-head">
        <strong>{t('popover.title')}</strong>
        <Button
          type="link"
          size="small"
          disabled={unread === 0}
          loading={setRead.isPending && setRead.variables && 'all' in setRead.variables}
          onClick={() => setRead.mutate({ all: true })}
          data-testid="popover-read-all"
        >
          {t('action.markAllRead')}
        </Button>
      </div>
      <ul className="message-counts" data-testid="message-counts">
        {kinds.map((k) => (
          <li key={k}>
            <button
              type="button"
              className="message-popover-kind"
              onClick={() => go(k)}
              data-testid={`popover-kind-${k}`}
            >
              {kindIcon[k]} <span>{t(termKey('messageKind', k))}</span>
            </button>
            <Badge count={counts[k]} showZero color={counts[k] ? undefined : 'var(--app-border)'} />
          </li>
        ))}
      </ul>
      <div className="message-popover-section">{t('popover.today')}</div>
      {today.isPending ? (
        <div className="message-popover-empty">
          <Spin size="small" />
        </div>
      ) : items.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t('popover.noneToday')}
          className="message-popover-empty"
        />
      ) : (
        <ul className="message-popover-list" data-testid="popover-today">
          {items.map((m) => (
            <li key={m.id}>
              <button
                type="button"
                className={`message-popover-item${m.read ? '' : ' message-popover-item-unread'}`}
                onClick={() => open(m)}
                data-testid="popover-item"
                data-read={m.read ? '1' : '0'}
              >
                <span className="message-popover-item-head">
                  {m.read ? null : <span className="message-dot" />}
                  {m.alarm ? (
                    <AlarmLevelTag level={m.alarm.level} />
                  ) : (
                    <span className="device-muted">{kindIcon[m.kind]}</span>
                  )}
                  <span className="message-title-text">{titleOf(m)}</span>
                  <span className="message-popover-time">{formatClock(m.created_at)}</span>
                </span>
                <span className="message-popover-body">{m.body}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="message-popover-foot">
        <Button type="link" size="small" onClick={() => go('alarm')} data-testid="popover-go-alarm">
          {t('title.alarm')}
        </Button>
        <Button type="link" size="small" onClick={() => go('notice')} data-testid="popover-go-notice">
          {t('title.notice')}
        </Button>
        {showBilling ? (
          <Button type="link" size="small" onClick={() => go('billing')} data-testid="popover-go-billing">
            {t('title.billing')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}

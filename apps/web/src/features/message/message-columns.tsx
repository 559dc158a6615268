import { useMemo } from 'react';
import { Button, Tooltip, Typography, type TableProps } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { MessageItem, MessageKindName } from '@hmi/domain';
import { AlarmLevelTag, AlarmStateBadge } from '../alarm/index.ts';
import { formatDateTime } from '../../shared/format/date-time.ts';
import { DeviceNameLink } from '../../shared/devices/DeviceNameLink.tsx';
import { useMessageTitle } from './message-format.ts';

export interface MessageColumnsArgs {
  kind: MessageKindName;
  compact: boolean;
  /** Marks these messages read. */
  onRead(ids: number[]): void;
  /** A message was opened (its title): show its details. */
  onOpen(m: MessageItem): void;
}

/**
 * The columns of the message table: on a phone the message (with level, state and time) and
 * its mark-read button; on desktop one column each, alarms adding level, device and state.
 */
export function useMessageColumns({ kind, compact, onRead, onOpen }: MessageColumnsArgs) {
  const { t } = useTranslation('message');
  const titleOf = useMessageTitle();
  const alarm = kind === 'alarm';

  return useMemo<TableProps<MessageItem>['columns']>(() => {
    const title = (m: MessageItem) => (
      <button
        type="button"
        className="message-title"
        onClick={() => onOpen(m)}
        aria-haspopup="dialog"
        data-testid="message-title"
      >
        {m.read ? null : <span className="message-dot" aria-label={t('unreadMark')} />}
        <span className="message-title-text">{titleOf(m)}</span>
      </button>
    );
    const readButton = (m: MessageItem) =>
      m.read ? null : (
        <Tooltip title={t('action.markRead')}>
          <Button
            type="text"
            size="small"
            icon={<CheckOutlined />}
            aria-label={t('action.markRead')}
            onClick={() => onRead([m.id])}
            data-testid="message-mark-read"
          />
        </Tooltip>
      );

    if (compact) {
      return [
        {
          key: 'message',
          title: t('column.message'),
          render: (_v, m) => (
            <div className="message-cell">
              {title(m)}
              <Typography.Text type="secondary" className="message-body-line" ellipsis>
                {m.body}
              </Typography.Text>
              <div className="message-cell-meta">
                {alarm && m.alarm ? <AlarmLevelTag level={m.alarm.level} /> : null}
                {alarm && m.alarm ? <AlarmStateBadge state={m.alarm.state} /> : null}
                <span className="device-muted">{formatDateTime(m.created_at)}</span>
              </div>
            </div>
          ),
        },
        { key: 'actions', width: 44, align: 'right', render: (_v, m) => readButton(m) },
      ];
    }
    return [
      ...(alarm
        ? [
            {
              key: 'level',
              title: t('column.level'),
              width: 96,
              render: (_v: unknown, m: MessageItem) =>
                m.alarm ? <AlarmLevelTag level={m.alarm.level} /> : null,
            },
          ]
        : []),
      {
        key: 'message',
        title: t('column.message'),
        render: (_v, m) => (
          <div className="message-cell">
            {title(m)}
            <Typography.Text type="secondary" className="message-body-line" ellipsis>
              {m.body}
            </Typography.Text>
          </div>
        ),
      },
      ...(alarm
        ? [
            {
              key: 'device',
              title: t('column.device'),
              width: 160,
              ellipsis: true,
              render: (_v: unknown, m: MessageItem) =>
                m.alarm ? (
                  <DeviceNameLink id={m.alarm.device_id} name={m.alarm.device_name} />
                ) : (
                  <span className="device-muted">—</span>
                ),
            },
            {
              key: 'state',
              title: t('column.state'),
              width: 120,
              render: (_v: unknown, m: MessageItem) =>
                m.alarm ? <AlarmStateBadge state={m.alarm.state} /> : null,
            },
          ]
        : []),
      {
        key: 'time',
        title: t('column.time'),
        dataIndex: 'created_at',
        width: 170,
        render: (v: number) => formatDateTime(v),
      },
      { key: 'actions', title: '', width: 56, align: 'right', render: (_v, m) => readButton(m) },
    ];
  }, [t, titleOf, compact, alarm, onRead, onOpen]);
}

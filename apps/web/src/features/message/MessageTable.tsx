import { useMemo } from 'react';
import { Button, Tooltip, Typography, type TableProps } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { MessageItem, MessageKindName } from '@hmi/domain';
import { AlarmLevelTag, AlarmStateBadge } from '../alarm/index.ts';
import { formatDateTime } from '../../shared/format/date-time.ts';
import { useMessageTitle } from './message-format.ts';
import { PAGE_SIZES } from './message-params.ts';
import { DeviceNameLink } from '../../shared/devices/DeviceNameLink.tsx';
import { PagedTable } from '../../shared/lists/PagedTable.tsx';

interface Props {
  kind: MessageKindName;
  list: MessageItem[];
  total: number;
  loading: boolean;
  page: number;
  pageSize: number;
  onPage(page: number, pageSize: number): void;
  selected: number[];
  onSelect(ids: number[]): void;
  /** Marks these messages read. */
  onRead(ids: number[]): void;
  compact: boolean;
  /** Shown when the list is empty. */
  empty: string;
  /** A message was opened (its row or its title): show its details. */
  onOpen(m: MessageItem): void;
}

/** Clicks on these open nothing: they are the row's own controls (selection, mark read). */
const OWN_CONTROLS = 'button, a, input, label, .ant-table-selection-column';

/**
 * One page of messages: unread rows in bold with a dot; a row opens the message's details
 * (its full text and, for an alarm, the record as it is now); rows can be selected to mark many.
 */
export function MessageTable(props: Props) {
  const { kind, list, total, loading, page, pageSize, onPage, selected, onSelect, onRead, compact, onOpen } =
    props;
  const { t } = useTranslation('message');
  const titleOf = useMessageTitle();
  const alarm = kind === 'alarm';

  const columns = useMemo<TableProps<MessageItem>['columns']>(() => {
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

  return (
    <PagedTable<MessageItem>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={list}
      loading={loading}
      tableLayout="fixed"
      data-testid="message-table"
      rowClassName={(m) => (m.read ? 'message-row' : 'message-row message-row-unread')}
      onRow={(m) =>
        ({
          'data-read': m.read ? '1' : '0',
          'data-id': m.id,
          onClick: (e: React.MouseEvent<HTMLElement>) => {
            if (!(e.target as HTMLElement).closest(OWN_CONTROLS)) onOpen(m);
          },
        }) as React.HTMLAttributes<HTMLElement>
      }
      rowSelection={{
        selectedRowKeys: selected,
        onChange: (keys) => onSelect(keys.map(Number)),
        columnWidth: compact ? 36 : 48,
      }}
      locale={{ emptyText: <div className="device-no-match">{props.empty}</div> }}
      compact={compact}
      paging={{
        page,
        pageSize,
        total,
        onChange: onPage,
        sizes: PAGE_SIZES,
        hideOnSinglePage: total <= PAGE_SIZES[0],
        totalText: (n) => t('total', { count: n }),
      }}
    />
  );
}

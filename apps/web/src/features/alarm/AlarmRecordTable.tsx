import { useMemo } from 'react';
import { Button, Table, Tooltip, Typography, type TableProps } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { AlarmRecordState, type AlarmRecord } from '@hmi/domain';
import { AlarmLevelTag } from './AlarmLevelTag.tsx';
import { AlarmStateBadge } from './AlarmStateBadge.tsx';
import { RECORD_PAGE_SIZES } from './record-filters.ts';
import { formatTime } from '../message/message-format.ts';

interface Props {
  records: readonly AlarmRecord[];
  total: number;
  loading: boolean;
  compact: boolean;
  page: number;
  pageSize: number;
  onPage(page: number, pageSize: number): void;
  /** Acknowledging needs the alarm permission: without it no selection and no buttons. */
  canAck: boolean;
  acking: readonly number[];
  selected: number[];
  onSelect(ids: number[]): void;
  onAck(ids: number[]): void;
  /** A row was opened (click, or its name with the keyboard): show its details. */
  onOpen(record: AlarmRecord): void;
  empty: React.ReactNode;
}

const time = (ms: number | null) => (ms === null ? null : formatTime(ms));
type Column = NonNullable<TableProps<AlarmRecord>['columns']>[number];

/** Clicks on these open nothing: they are the row's own controls (selection, acknowledge). */
const OWN_CONTROLS = 'button, a, input, label, .ant-table-selection-column';

/**
 * Alarm records: level, state, where, what, values, times; unanswered ones can be acknowledged.
 * A row opens its details (every field, acknowledging with a comment).
 */
export function AlarmRecordTable(props: Props) {
  const { t } = useTranslation('alarm');
  const { compact, canAck, acking, onAck, onOpen } = props;

  const columns = useMemo<Column[]>(() => {
    const muted = <span className="alarm-muted">—</span>;
    const when = (ms: number | null) =>
      ms === null ? muted : <span className="alarm-mono">{time(ms)}</span>;
    const ack: Column = {
      key: 'ack',
      title: compact ? undefined : t('field.actions'),
      width: compact ? 48 : 140,
      align: 'right',
      fixed: compact ? undefined : 'right',
      render: (_v, r) =>
        canAck && r.state === AlarmRecordState.Alarm ? (
          <Tooltip title={compact ? t('record.ack') : undefined}>
            <Button
              size="small"
              type={compact ? 'text' : 'link'}
              icon={<CheckOutlined />}
              loading={acking.includes(r.id)}
              onClick={() => onAck([r.id])}
              aria-label={t('record.ack')}
              data-testid="alarm-record-ack"
            >
              {compact ? null : t('record.ack')}
            </Button>
          </Tooltip>
        ) : null,
    };
    const level: Column = {
      key: 'level',
      title: t('field.level'),
      width: compact ? 92 : 96,
      render: (_v, r) =>
        compact ? (
          <div className="alarm-cell-stack">
            <AlarmLevelTag level={r.level} />
            <AlarmStateBadge state={r.state} />
          </div>
        ) : (
          <AlarmLevelTag level={r.level} />
        ),
    };
    if (compact) {
      return [
        level,
        {
          key: 'what',
          title: t('field.content'),
          render: (_v, r) => (
            <div className="alarm-cell-stack">
              <button
                type="button"
                className="alarm-open"
                onClick={() => onOpen(r)}
                data-testid="alarm-record-open"
              >
                <Typography.Text ellipsis>{r.content || r.rule_name}</Typography.Text>
              </button>
              <span className="alarm-sub">
                {r.device_name} · {r.tag_name} = <span className="alarm-mono">{r.value}</span>
              </span>
              <span className="alarm-sub alarm-mono">{time(r.raised_at)}</span>
            </div>
          ),
        },
        ack,
      ];
    }
    return [
      level,
      {
        key: 'state',
        title: t('field.state'),
        width: 140,
        render: (_v, r) => <AlarmStateBadge state={r.state} />,
      },
      { key: 'raised', title: t('field.raisedAt'), width: 170, render: (_v, r) => when(r.raised_at) },
      {
        key: 'device',
        title: t('field.device'),
        width: 150,
        ellipsis: true,
        render: (_v, r) => <span data-testid="alarm-record-device">{r.device_name}</span>,
      },
      {
        key: 'rule',
        title: t('field.rule'),
        width: 160,
        ellipsis: true,
        render: (_v, r) => (
          <div className="alarm-cell-stack">
            <button
              type="button"
              className="alarm-open alarm-ellipsis"
              onClick={() => onOpen(r)}
              data-testid="alarm-record-rule"
            >
              {r.rule_name}
            </button>
            {r.group_name ? <span className="alarm-sub">{r.group_name}</span> : null}
          </div>
        ),
      },
      { key: 'tag', title: t('field.tag'), width: 120, ellipsis: true, render: (_v, r) => r.tag_name },
      {
        key: 'content',
        title: t('field.content'),
        width: 220,
        ellipsis: { showTitle: true },
        render: (_v, r) => r.content || muted,
      },
      {
        key: 'value',
        title: t('field.raisedValue'),
        width: 140,
        align: 'right',
        render: (_v, r) => <span className="alarm-mono">{r.value}</span>,
      },
      {
        key: 'last',
        title: t('field.lastValue'),
        width: 110,
        align: 'right',
        render: (_v, r) => (
          <span className="alarm-mono" data-testid="alarm-record-last">
            {r.last_value}
          </span>
        ),
      },
      {
        key: 'times',
        title: t('field.times'),
        width: 76,
        align: 'right',
        render: (_v, r) => <span data-testid="alarm-record-times">{r.times}</span>,
      },
      {
        key: 'acked',
        title: t('field.ackedAt'),
        width: 170,
        render: (_v, r) =>
          r.acked_at === null ? (
            muted
          ) : (
            <div className="alarm-cell-stack">
              {when(r.acked_at)}
              <span className="alarm-sub" data-testid="alarm-record-responder">
                {r.acked_by ?? ''}
              </span>
              {r.ack_comment ? (
                <span className="alarm-sub alarm-ellipsis" title={r.ack_comment}>
                  {r.ack_comment}
                </span>
              ) : null}
            </div>
          ),
      },
      {
        key: 'recovered',
        title: t('field.recoveredAt'),
        width: 170,
        render: (_v, r) => when(r.recovered_at),
      },
      ack,
    ];
  }, [t, compact, canAck, acking, onAck, onOpen]);

  return (
    <Table<AlarmRecord>
      rowKey="id"
      size={compact ? 'small' : 'middle'}
      columns={columns}
      dataSource={props.records as AlarmRecord[]}
      loading={props.loading}
      tableLayout="fixed"
      className="alarm-table"
      scroll={compact ? undefined : { x: 1870 }}
      rowClassName={(r) => (r.state === AlarmRecordState.Alarm ? 'alarm-row-raised' : '')}
      onRow={(r) =>
        ({
          'data-testid': 'alarm-record-row',
          'data-state': r.state,
          onClick: (e: React.MouseEvent<HTMLElement>) => {
            if (!(e.target as HTMLElement).closest(OWN_CONTROLS)) onOpen(r);
          },
        }) as never
      }
      data-testid="alarm-record-table"
      locale={{ emptyText: props.empty }}
      rowSelection={
        canAck
          ? {
              selectedRowKeys: props.selected,
              onChange: (keys) => props.onSelect(keys as number[]),
              getCheckboxProps: (r) => ({ disabled: r.state !== AlarmRecordState.Alarm }),
              columnWidth: compact ? 32 : 48,
            }
          : undefined
      }
      pagination={{
        current: props.page,
        pageSize: props.pageSize,
        total: props.total,
        pageSizeOptions: [...RECORD_PAGE_SIZES],
        showSizeChanger: !compact,
        showTotal: compact ? undefined : (n) => t('record.total', { count: n }),
        simple: compact,
        size: 'small',
        onChange: props.onPage,
      }}
    />
  );
}

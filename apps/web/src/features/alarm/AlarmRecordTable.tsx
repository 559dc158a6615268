import { useMemo } from 'react';
import { Button, Tooltip, Typography, type TableProps } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { AlarmRecordState, type AlarmRecord } from '@hmi/domain';
import { AlarmLevelTag } from './AlarmLevelTag.tsx';
import { AlarmStateBadge } from './AlarmStateBadge.tsx';
import { RECORD_PAGE_SIZES } from './record-filters.ts';
import { DeviceNameLink } from '../../shared/devices/DeviceNameLink.tsx';
import { formatDateTime } from '../../shared/format/date-time.ts';
import { PagedTable } from '../../shared/lists/PagedTable.tsx';

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

const time = (ms: number | null) => (ms === null ? null : formatDateTime(ms));
type Column = NonNullable<TableProps<AlarmRecord>['columns']>[number];

/**
 * The desktop columns' width: what a 1440 px window leaves beside the menu (about 1120 px), the
 * message taking what the others leave. Narrower windows scroll the table.
 */
const DESKTOP_WIDTH = 1110;

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
    const levelAndState: Column = {
      key: 'level',
      title: t('field.level'),
      width: compact ? 92 : 112,
      render: (_v, r) => (
        <div className="alarm-cell-stack">
          <AlarmLevelTag level={r.level} />
          <AlarmStateBadge state={r.state} />
        </div>
      ),
    };
    if (compact) {
      // A phone: what, where and when; the row opens every field and acknowledging.
      return [
        levelAndState,
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
                <DeviceNameLink id={r.device_id} name={r.device_name} /> · {r.tag_name} ={' '}
                <span className="alarm-mono">{r.value}</span>
              </span>
              <span className="alarm-sub alarm-mono">{time(r.raised_at)}</span>
            </div>
          ),
        },
      ];
    }
    // 1440 px: every column fits beside the menu (DESKTOP_WIDTH); the rest is in the details.
    return [
      levelAndState,
      {
        key: 'raised',
        title: t('field.raisedRecovered'),
        width: 156,
        render: (_v, r) => (
          <div className="alarm-cell-stack alarm-mono alarm-small">
            <span>{time(r.raised_at)}</span>
            {r.recovered_at !== null ? (
              <span className="alarm-sub alarm-mono" title={t('field.recoveredAt')}>
                {time(r.recovered_at)}
              </span>
            ) : null}
          </div>
        ),
      },
      {
        key: 'device',
        title: t('field.device'),
        width: 136,
        render: (_v, r) => (
          <div className="alarm-cell-stack">
            <span className="alarm-ellipsis" data-testid="alarm-record-device" title={r.device_name}>
              <DeviceNameLink id={r.device_id} name={r.device_name} />
            </span>
            <span className="alarm-sub" title={r.tag_name}>
              {r.tag_name}
            </span>
          </div>
        ),
      },
      {
        key: 'rule',
        title: t('field.rule'),
        width: 150,
        render: (_v, r) => (
          <div className="alarm-cell-stack">
            <button
              type="button"
              className="alarm-open alarm-ellipsis"
              onClick={() => onOpen(r)}
              title={r.rule_name}
              data-testid="alarm-record-rule"
            >
              {r.rule_name}
            </button>
            {r.group_name ? <span className="alarm-sub">{r.group_name}</span> : null}
          </div>
        ),
      },
      {
        key: 'content',
        title: t('field.content'),
        render: (_v, r) =>
          r.content ? (
            <span className="alarm-clamp" title={r.content}>
              {r.content}
            </span>
          ) : (
            muted
          ),
      },
      {
        key: 'value',
        title: t('field.raisedValue'),
        width: 120,
        align: 'right',
        render: (_v, r) => (
          <div className="alarm-cell-stack alarm-cell-end">
            <span className="alarm-mono alarm-ellipsis" title={r.value}>
              {r.value}
            </span>
            <span className="alarm-sub" title={t('field.lastValue')}>
              {t('record.now')}{' '}
              <span className="alarm-mono" data-testid="alarm-record-last">
                {r.last_value}
              </span>
              {r.times > 1 ? <span data-testid="alarm-record-times"> · ×{r.times}</span> : null}
            </span>
          </div>
        ),
      },
      {
        key: 'acked',
        title: t('field.ackedAt'),
        width: 156,
        render: (_v, r) =>
          r.acked_at === null ? (
            muted
          ) : (
            <div className="alarm-cell-stack">
              <span className="alarm-mono alarm-small">{time(r.acked_at)}</span>
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
        key: 'ack',
        title: t('field.actions'),
        width: 84,
        align: 'center',
        fixed: 'right',
        render: (_v, r) =>
          canAck && r.state === AlarmRecordState.Alarm ? (
            <Tooltip title={t('record.ack')}>
              <Button
                size="small"
                type="text"
                icon={<CheckOutlined />}
                loading={acking.includes(r.id)}
                onClick={() => onAck([r.id])}
                aria-label={t('record.ack')}
                data-testid="alarm-record-ack"
              />
            </Tooltip>
          ) : null,
      },
    ];
  }, [t, compact, canAck, acking, onAck, onOpen]);

  return (
    <PagedTable<AlarmRecord>
      rowKey="id"
      size={compact ? 'small' : 'middle'}
      columns={columns}
      dataSource={props.records as AlarmRecord[]}
      loading={props.loading}
      tableLayout="fixed"
      className="alarm-table"
      scroll={compact ? undefined : { x: DESKTOP_WIDTH }}
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
      compact={compact}
      paging={{
        page: props.page,
        pageSize: props.pageSize,
        total: props.total,
        sizes: RECORD_PAGE_SIZES,
        totalText: (n) => t('record.total', { count: n }),
        hideOnSinglePage: false,
        small: true,
        onChange: props.onPage,
      }}
    />
  );
}

import { useTranslation } from 'react-i18next';
import { AlarmRecordState, type AlarmRecord } from '@hmi/domain';
import { useAlarmRecordColumns } from './alarm-record-columns.tsx';
import { RECORD_PAGE_SIZES } from './record-filters.ts';
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

  const columns = useAlarmRecordColumns({ compact, canAck, acking, onAck, onOpen });

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

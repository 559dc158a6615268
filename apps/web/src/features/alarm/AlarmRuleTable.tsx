import { useState } from 'react';
import { Table } from 'antd';
import type { AlarmRule } from '@hmi/domain';
import { useAlarmRuleColumns } from './alarm-rule-columns.tsx';

interface Props {
  rules: readonly AlarmRule[];
  /** Data type of each tag id of the template. */
  tagTypes: ReadonlyMap<number, number>;
  loading: boolean;
  compact: boolean;
  selected: number[];
  onSelect(ids: number[]): void;
  onEdit(rule: AlarmRule): void;
  onDelete(rule: AlarmRule): void;
  empty: React.ReactNode;
}

const PAGE_SIZES = [20, 50, 100];
/** The desktop columns fit what a 1440 px window leaves beside the menu; narrower ones scroll. */
const DESKTOP_WIDTH = 1050;

/** The rules of one template: level as a coloured tag, the condition as a short formula. */
export function AlarmRuleTable({
  rules,
  tagTypes,
  loading,
  compact,
  selected,
  onSelect,
  onEdit,
  onDelete,
  empty,
}: Props) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0]!);
  const lastPage = Math.max(1, Math.ceil(rules.length / pageSize));

  const columns = useAlarmRuleColumns({ compact, tagTypes, onEdit, onDelete });

  return (
    <Table<AlarmRule>
      rowKey="id"
      size={compact ? 'small' : 'middle'}
      columns={columns}
      dataSource={rules as AlarmRule[]}
      loading={loading}
      tableLayout="fixed"
      className="alarm-table"
      scroll={compact ? undefined : { x: DESKTOP_WIDTH }}
      data-testid="alarm-rule-table"
      locale={{ emptyText: empty }}
      rowSelection={{
        selectedRowKeys: selected,
        onChange: (keys) => onSelect(keys as number[]),
        columnWidth: compact ? 36 : 48,
      }}
      pagination={{
        current: Math.min(page, lastPage),
        pageSize,
        pageSizeOptions: PAGE_SIZES,
        showSizeChanger: !compact,
        hideOnSinglePage: true,
        simple: compact,
        size: 'small',
        onChange: (p, size) => {
          setPage(size === pageSize ? p : 1);
          setPageSize(size);
        },
      }}
    />
  );
}

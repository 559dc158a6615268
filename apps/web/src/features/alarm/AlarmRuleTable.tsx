import { useMemo, useState } from 'react';
import { Button, Space, Table, Tooltip, Typography, type TableProps } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { tagDataTypeName, termKey, type AlarmRule } from '@hmi/domain';
import { conditionText } from './alarm-condition.ts';
import { AlarmLevelTag } from './AlarmLevelTag.tsx';

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
  const { t } = useTranslation('alarm');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0]!);
  const lastPage = Math.max(1, Math.ceil(rules.length / pageSize));

  const columns = useMemo<TableProps<AlarmRule>['columns']>(() => {
    const muted = <span className="alarm-muted">—</span>;
    const actions: NonNullable<TableProps<AlarmRule>['columns']>[number] = {
      key: 'actions',
      title: compact ? undefined : t('field.actions'),
      width: compact ? 72 : 96,
      align: 'right',
      fixed: compact ? undefined : 'right',
      render: (_v, r) => (
        <Space size={0}>
          <Tooltip title={t('rule.edit')}>
            <Button
              type="text"
              size="small"
              icon={<EditOutlined />}
              aria-label={t('rule.edit')}
              onClick={() => onEdit(r)}
              data-testid="alarm-rule-edit"
            />
          </Tooltip>
          <Tooltip title={t('delete')}>
            <Button
              type="text"
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('delete')}
              onClick={() => onDelete(r)}
              data-testid="alarm-rule-delete"
            />
          </Tooltip>
        </Space>
      ),
    };
    const name: NonNullable<TableProps<AlarmRule>['columns']>[number] = {
      key: 'name',
      title: t('field.name'),
      width: compact ? undefined : 180,
      ellipsis: true,
      fixed: compact ? undefined : 'left',
      render: (_v, r) => (
        <div className="alarm-cell-stack">
          <Typography.Text strong ellipsis={{ tooltip: r.name }} data-testid="alarm-rule-name-cell">
            {r.name}
          </Typography.Text>
          {compact ? (
            <span className="alarm-sub">
              {r.tag_name} · <span className="alarm-mono">{conditionText(r)}</span>
            </span>
          ) : null}
        </div>
      ),
    };
    const level: NonNullable<TableProps<AlarmRule>['columns']>[number] = {
      key: 'level',
      title: t('field.level'),
      width: compact ? 84 : 96,
      render: (_v, r) => <AlarmLevelTag level={r.level} />,
    };
    if (compact) return [name, level, actions];
    return [
      name,
      {
        key: 'group',
        title: t('field.group'),
        width: 130,
        ellipsis: true,
        render: (_v, r) => r.group_name ?? muted,
      },
      level,
      {
        key: 'tag',
        title: t('field.tag'),
        width: 150,
        ellipsis: true,
        render: (_v, r) => {
          const dt = tagTypes.get(r.tag_id);
          return (
            <div className="alarm-cell-stack">
              <span className="alarm-ellipsis">{r.tag_name}</span>
              {dt !== undefined ? (
                <span className="alarm-sub alarm-mono">{tagDataTypeName(dt) ?? dt}</span>
              ) : null}
            </div>
          );
        },
      },
      { key: 'type', title: t('field.type'), width: 130, render: (_v, r) => t(termKey('alarmType', r.type)) },
      {
        key: 'condition',
        title: t('field.condition'),
        width: 130,
        render: (_v, r) => (
          <span className="alarm-mono alarm-condition" data-testid="alarm-rule-condition">
            {conditionText(r)}
          </span>
        ),
      },
      {
        key: 'deadband',
        title: t('field.deadband'),
        width: 96,
        align: 'right',
        render: (_v, r) => (r.deadband ? <span className="alarm-mono">{r.deadband}</span> : muted),
      },
      {
        key: 'content',
        title: t('field.content'),
        width: 260,
        ellipsis: { showTitle: true },
        render: (_v, r) => r.content || muted,
      },
      actions,
    ];
  }, [t, compact, tagTypes, onEdit, onDelete]);

  return (
    <Table<AlarmRule>
      rowKey="id"
      size={compact ? 'small' : 'middle'}
      columns={columns}
      dataSource={rules as AlarmRule[]}
      loading={loading}
      tableLayout="fixed"
      className="alarm-table"
      scroll={compact ? undefined : { x: 1350 }}
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

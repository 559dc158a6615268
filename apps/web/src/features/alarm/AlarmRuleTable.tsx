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
  const { t } = useTranslation('alarm');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0]!);
  const lastPage = Math.max(1, Math.ceil(rules.length / pageSize));

  const columns = useMemo<TableProps<AlarmRule>['columns']>(() => {
    const muted = <span className="alarm-muted">—</span>;
    const actions: NonNullable<TableProps<AlarmRule>['columns']>[number] = {
      key: 'actions',
      title: t('field.actions'),
      width: compact ? 80 : 96,
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
        width: 120,
        ellipsis: true,
        render: (_v, r) => r.group_name ?? muted,
      },
      level,
      {
        key: 'tag',
        title: t('field.tag'),
        width: 140,
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
      {
        // The alarm type, its formula and deadband in one place (the deadband belongs to it).
        key: 'condition',
        title: t('field.condition'),
        width: 170,
        render: (_v, r) => (
          <div className="alarm-cell-stack">
            <span className="alarm-ellipsis">{t(termKey('alarmType', r.type))}</span>
            <span className="alarm-sub">
              <span className="alarm-mono alarm-condition" data-testid="alarm-rule-condition">
                {conditionText(r)}
              </span>
              {r.deadband ? (
                <span title={t('field.deadband')}>
                  {' · '}
                  {t('rule.deadbandShort', { value: r.deadband })}
                </span>
              ) : null}
            </span>
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

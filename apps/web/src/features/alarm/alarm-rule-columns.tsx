import { useMemo } from 'react';
import { Button, Space, Tooltip, Typography, type TableProps } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { tagDataTypeName, termKey, type AlarmRule } from '@hmi/domain';
import { conditionText } from './alarm-condition.ts';
import { alarmContentColumn } from './alarm-content-column.tsx';
import { AlarmLevelTag } from './AlarmLevelTag.tsx';

type Column = NonNullable<TableProps<AlarmRule>['columns']>[number];

export interface AlarmRuleColumnsArgs {
  compact: boolean;
  /** Data type of each tag id of the template. */
  tagTypes: ReadonlyMap<number, number>;
  onEdit(rule: AlarmRule): void;
  onDelete(rule: AlarmRule): void;
}

interface Ctx extends AlarmRuleColumnsArgs {
  t: TFunction<'alarm'>;
  muted: React.ReactNode;
}

/** The columns of a template's rule table: name, level and actions on a phone, all on desktop. */
export function useAlarmRuleColumns(args: AlarmRuleColumnsArgs): Column[] {
  const { t } = useTranslation('alarm');
  const { compact, tagTypes, onEdit, onDelete } = args;
  return useMemo<Column[]>(() => {
    const ctx: Ctx = {
      t,
      muted: <span className="alarm-muted">—</span>,
      compact,
      tagTypes,
      onEdit,
      onDelete,
    };
    const name = nameColumn(ctx);
    const level = levelColumn(ctx);
    const actions = actionsColumn(ctx);
    if (compact) return [name, level, actions];
    return [name, groupColumn(ctx), level, ...detailColumns(ctx), actions];
  }, [t, compact, tagTypes, onEdit, onDelete]);
}

function actionsColumn({ t, compact, onEdit, onDelete }: Ctx): Column {
  return {
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
}

function nameColumn({ t, compact }: Ctx): Column {
  return {
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
}

function levelColumn({ t, compact }: Ctx): Column {
  return {
    key: 'level',
    title: t('field.level'),
    width: compact ? 84 : 96,
    render: (_v, r) => <AlarmLevelTag level={r.level} />,
  };
}

function groupColumn({ t, muted }: Ctx): Column {
  return {
    key: 'group',
    title: t('field.group'),
    width: 120,
    ellipsis: true,
    render: (_v, r) => r.group_name ?? muted,
  };
}

/** The desktop's tag, condition and message columns. */
function detailColumns({ t, muted, tagTypes }: Ctx): Column[] {
  return [
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
    alarmContentColumn<AlarmRule>(t, muted),
  ];
}

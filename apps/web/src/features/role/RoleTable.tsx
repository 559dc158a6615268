import { useMemo } from 'react';
import { Button, Space, Table, Tag, Tooltip, type TableProps } from 'antd';
import { DeleteOutlined, EditOutlined, EyeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import dayjs from 'dayjs';
import type { RoleSummary } from '@hmi/domain';
import { GrantCountTags } from './GrantCountTags.tsx';

type Columns = NonNullable<TableProps<RoleSummary>['columns']>;

export interface RoleRowRights {
  compact: boolean;
  canEdit: boolean;
  canDelete: boolean;
}

export interface RoleRowHandlers {
  onOpen(id: number): void;
  onDelete(role: RoleSummary): void;
}

/** Edit (or View without edit 31) and Delete; a role held by members cannot be deleted. */
function RoleRowActions({
  role,
  canEdit,
  canDelete,
  onOpen,
  onDelete,
}: RoleRowRights & RoleRowHandlers & { role: RoleSummary }) {
  const { t } = useTranslation('role');
  const openLabel = canEdit ? t('action.edit') : t('action.view');
  const inUse = role.member_count > 0;
  return (
    <Space size={2}>
      <Tooltip title={openLabel}>
        <Button
          type="text"
          size="small"
          icon={canEdit ? <EditOutlined /> : <EyeOutlined />}
          aria-label={openLabel}
          onClick={() => onOpen(role.id)}
          data-testid={`role-${canEdit ? 'edit' : 'view'}-${role.id}`}
        />
      </Tooltip>
      {canDelete ? (
        <Tooltip title={inUse ? t('delete.inUse', { count: role.member_count }) : t('action.delete')}>
          {/* A disabled button gets no pointer events: the span carries the tooltip. */}
          <span className="role-action-wrap">
            <Button
              type="text"
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('action.delete')}
              disabled={inUse}
              onClick={() => onDelete(role)}
              data-testid={`role-delete-${role.id}`}
            />
          </span>
        </Tooltip>
      ) : null}
    </Space>
  );
}

function roleColumns(
  t: TFunction,
  zoneName: (id: number) => string | undefined,
  rights: RoleRowRights,
  handlers: RoleRowHandlers,
): Columns {
  const { compact } = rights;
  const zones = (role: RoleSummary) =>
    role.zones.length === 0 ? (
      <span className="device-muted">—</span>
    ) : (
      <span className="role-tags">
        {role.zones.map((id) => (
          <Tag key={id} color="geekblue" variant="outlined">
            {zoneName(id) ?? `#${id}`}
          </Tag>
        ))}
      </span>
    );
  const name: Columns[number] = {
    title: t('field.name'),
    dataIndex: 'name',
    width: compact ? undefined : 140,
    fixed: compact ? undefined : 'left',
    render: (_v, role) => (
      <div className="role-name-cell">
        <a onClick={() => handlers.onOpen(role.id)} className="role-name">
          {role.name}
        </a>
        {compact ? (
          <span className="list-sub">
            {t('list.permissionsCount', { count: role.permissions.length })} ·{' '}
            {t('list.membersCount', { count: role.member_count })}
          </span>
        ) : null}
      </div>
    ),
  };
  const actions: Columns[number] = {
    key: 'actions',
    title: compact ? '' : t('field.actions'),
    fixed: compact ? undefined : 'right',
    width: compact ? 72 : 96,
    align: 'right',
    render: (_v, role) => <RoleRowActions role={role} {...rights} {...handlers} />,
  };
  if (compact) return [name, actions];
  return [
    name,
    {
      title: t('field.permissions'),
      key: 'permissions',
      width: 110,
      align: 'right',
      render: (_v, role) => role.permissions.length,
    },
    {
      title: t('field.data'),
      key: 'data',
      width: 260,
      render: (_v, role) => <GrantCountTags counts={role.counts} empty={t('list.noData')} />,
    },
    { title: t('field.zones'), key: 'zones', width: 200, render: (_v, role) => zones(role) },
    { title: t('field.members'), dataIndex: 'member_count', width: 90, align: 'right' },
    {
      title: t('field.updated'),
      dataIndex: 'updated_at',
      width: 150,
      render: (v: number) => dayjs(v).format('YYYY-MM-DD HH:mm'),
    },
    actions,
  ];
}

interface Props extends RoleRowRights, RoleRowHandlers {
  roles: RoleSummary[] | undefined;
  loading: boolean;
  /** Zone names by id (the zone list needs zone view 33; without it zones show as #id). */
  zoneNames: ReadonlyMap<number, string>;
}

/** The team's roles with their actions. */
export function RoleTable({
  roles,
  loading,
  zoneNames,
  compact,
  canEdit,
  canDelete,
  onOpen,
  onDelete,
}: Props) {
  const { t } = useTranslation('role');
  const columns = useMemo(
    () => roleColumns(t, (id) => zoneNames.get(id), { compact, canEdit, canDelete }, { onOpen, onDelete }),
    [t, zoneNames, compact, canEdit, canDelete, onOpen, onDelete],
  );
  return (
    <Table<RoleSummary>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={roles ?? []}
      loading={loading}
      tableLayout="fixed"
      scroll={{ x: compact ? undefined : 1050 }}
      pagination={false}
      locale={{ emptyText: <div className="device-no-match">{t('list.empty')}</div> }}
      data-testid="role-table"
    />
  );
}

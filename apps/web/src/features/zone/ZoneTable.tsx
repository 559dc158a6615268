import { useMemo } from 'react';
import { Button, Space, Table, Tooltip, type TableProps } from 'antd';
import { DeleteOutlined, EditOutlined, SafetyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { ZoneItem } from '@hmi/domain';
import { formatDateTime } from '../../shared/format/date-time.ts';
import { zoneInUse } from './zone-helpers.ts';

type Columns = NonNullable<TableProps<ZoneItem>['columns']>;

export interface ZoneRowRights {
  compact: boolean;
  canEdit: boolean;
  canDelete: boolean;
}

export interface ZoneRowHandlers {
  onRename(zone: ZoneItem): void;
  onDelete(zone: ZoneItem): void;
}

/** Rename and delete; a zone held by roles cannot be deleted (the button says why). */
function ZoneRowActions({ zone, ...p }: ZoneRowRights & ZoneRowHandlers & { zone: ZoneItem }) {
  const { t } = useTranslation('zone');
  const inUse = zoneInUse(zone);
  return (
    <Space size={2}>
      {p.canEdit ? (
        <Tooltip title={t('rename')}>
          <Button
            type="text"
            size="small"
            icon={<EditOutlined />}
            aria-label={t('rename')}
            onClick={() => p.onRename(zone)}
            data-testid={`zone-rename-${zone.id}`}
          />
        </Tooltip>
      ) : null}
      {p.canDelete ? (
        <Tooltip title={inUse ? t('delete.inUse', { count: zone.role_count }) : t('delete.action')}>
          <Button
            type="text"
            size="small"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('delete.action')}
            disabled={inUse}
            onClick={() => p.onDelete(zone)}
            data-testid={`zone-delete-${zone.id}`}
          />
        </Tooltip>
      ) : null}
    </Space>
  );
}

const count = (n: number) => (n > 0 ? n : <span className="device-muted">0</span>);

/** Name (the counts under it on a phone), devices, roles, created, and the row's actions. */
function zoneColumns(t: TFunction, rights: ZoneRowRights, handlers: ZoneRowHandlers): Columns {
  const { compact, canEdit, canDelete } = rights;
  const desktop = (cols: Columns): Columns => (compact ? [] : cols);
  return [
    {
      title: t('column.name'),
      dataIndex: 'name',
      ellipsis: true,
      render: (_v, z) => (
        <div className="device-name-text">
          <span className="zone-name">
            <SafetyOutlined /> {z.name}
          </span>
          {compact ? (
            <span className="list-sub">
              {t('devices', { count: z.device_count })} · {t('roles', { count: z.role_count })}
            </span>
          ) : null}
        </div>
      ),
    },
    ...desktop([
      { title: t('column.devices'), dataIndex: 'device_count', width: 110, align: 'right', render: count },
      { title: t('column.roles'), dataIndex: 'role_count', width: 130, align: 'right', render: count },
      {
        title: t('column.created'),
        dataIndex: 'created_at',
        width: 180,
        render: (v: number) => formatDateTime(v),
      },
    ]),
    ...(canEdit || canDelete
      ? [
          {
            key: 'actions',
            title: compact ? '' : t('column.actions'),
            width: 96,
            align: 'right' as const,
            render: (_v: unknown, z: ZoneItem) => <ZoneRowActions zone={z} {...rights} {...handlers} />,
          },
        ]
      : []),
  ];
}

interface Props extends ZoneRowRights, ZoneRowHandlers {
  zones: readonly ZoneItem[] | undefined;
  loading: boolean;
}

/** The team's security zones (at most 20: one page). */
export function ZoneTable({ zones, loading, ...row }: Props) {
  const { t } = useTranslation('zone');
  const { compact, canEdit, canDelete, onRename, onDelete } = row;
  const columns = useMemo(
    () => zoneColumns(t, { compact, canEdit, canDelete }, { onRename, onDelete }),
    [t, compact, canEdit, canDelete, onRename, onDelete],
  );
  return (
    <Table<ZoneItem>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={zones ? [...zones] : []}
      loading={loading}
      tableLayout="fixed"
      scroll={compact ? undefined : { x: 720 }}
      pagination={false}
      data-testid="zone-table"
      locale={{ emptyText: <div className="device-no-match">{t('empty')}</div> }}
    />
  );
}

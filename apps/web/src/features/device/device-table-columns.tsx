import { useMemo } from 'react';
import { Tag, Tooltip, Typography, type TableProps } from 'antd';
import { ApartmentOutlined, ClusterOutlined, DesktopOutlined, FileTextOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { formatGroupPath, type DeviceListItem, type TunnelStatus } from '@hmi/domain';
import { DeviceNameLink } from '../../shared/devices/DeviceNameLink.tsx';
import { ZoneTag, type DeviceZone } from '../zone/index.ts';
import { TunnelStatusTag } from '../remote/index.ts';
import { OnlineBadge } from './OnlineBadge.tsx';
import { SyncStateTag } from './SyncStateTag.tsx';
import type { DeviceColumnKey } from './device-columns.ts';
import type { DeviceListParams } from './device-list-params.ts';
import {
  ACTIONS_WIDTH,
  columnWidthOf,
  COMPACT_ACTIONS_WIDTH,
  labelsThatFit,
  sortable,
  sortOrderOf,
} from './device-table.ts';
import { DeviceRowActions, type DeviceAction, type RowActionRights } from './DeviceRowActions.tsx';

type Column = NonNullable<TableProps<DeviceListItem>['columns']>[number];
/** The zones of the page's devices by id; undefined while unknown (or without zone view). */
type DeviceZones = ReadonlyMap<number, DeviceZone> | undefined;
/** Remote-access status of the page's HMIs by id; undefined while unknown. */
type DeviceTunnels = ReadonlyMap<number, TunnelStatus> | undefined;

const dash = (v: string | null | undefined) => (v ? v : <span className="device-muted">—</span>);

function LabelsCell({ labels }: { labels: DeviceListItem['labels'] }) {
  if (!labels.length) return dash('');
  const shown = labelsThatFit(labels);
  const rest = labels.slice(shown.length);
  return (
    <span className="device-labels">
      {shown.map((l) => (
        <Tag key={l.id} color="blue" variant="outlined">
          {l.name}
        </Tag>
      ))}
      {rest.length ? (
        <Tooltip title={rest.map((l) => l.name).join(', ')}>
          <Tag>+{rest.length}</Tag>
        </Tooltip>
      ) : null}
    </span>
  );
}

/** Every data column's title and cell; the name cell shows the SN under it when the SN column is hidden. */
function dataColumns(
  t: TFunction,
  compact: boolean,
  snUnderName: boolean,
  zones: DeviceZones,
  tunnels: DeviceTunnels,
): Record<DeviceColumnKey, Column> {
  return {
    name: {
      title: t('column.name'),
      dataIndex: 'name',
      fixed: compact ? undefined : 'left',
      render: (_v, d) => (
        <div className="device-name-cell">
          <span className="device-kind" aria-label={t(`kind.${d.kind}`)}>
            {d.kind === 'gateway' ? <ClusterOutlined /> : <DesktopOutlined />}
          </span>
          <div className="device-name-text">
            <Typography.Text strong ellipsis={{ tooltip: d.name }} data-testid="device-name">
              <DeviceNameLink id={d.id} name={d.name} />
            </Typography.Text>
            {snUnderName ? <div className="device-sub">{d.sn}</div> : null}
          </div>
        </div>
      ),
    },
    sn: {
      title: t('column.sn'),
      dataIndex: 'sn',
      render: (v: string) => (
        <Typography.Text className="device-mono" copyable={{ text: v, tooltips: [t('copy'), t('copied')] }}>
          {v}
        </Typography.Text>
      ),
    },
    online: {
      title: t('column.online'),
      dataIndex: 'online',
      render: (_v, d) => <OnlineBadge online={d.online} lastSeen={d.last_seen_at} />,
    },
    sync: {
      title: t('column.sync'),
      dataIndex: 'sync_state',
      render: (_v, d) => <SyncStateTag state={d.sync_state} hasTemplate={d.template_id !== null} />,
    },
    model: { title: t('column.model'), dataIndex: 'model', ellipsis: { showTitle: true }, render: dash },
    group: {
      title: t('column.group'),
      dataIndex: 'group_path',
      render: (path: string[]) =>
        path.length ? (
          <Tooltip title={path.join(' / ')}>
            <span className="device-group-path">
              <ApartmentOutlined /> {formatGroupPath(path)}
            </span>
          </Tooltip>
        ) : (
          <span className="device-muted">{t('list.noGroup')}</span>
        ),
    },
    zone: {
      title: t('column.zone'),
      render: (_v, d) => <ZoneTag zones={zones} deviceId={d.id} />,
    },
    template: {
      title: t('column.template'),
      dataIndex: 'template_name',
      render: (v: string | null) =>
        v ? (
          <span className="device-template">
            <FileTextOutlined /> {v}
          </span>
        ) : (
          dash(v)
        ),
    },
    labels: {
      title: t('column.labels'),
      dataIndex: 'labels',
      render: (_v, d) => <LabelsCell labels={d.labels} />,
    },
    address: {
      title: t('column.address'),
      dataIndex: 'address',
      ellipsis: { showTitle: true },
      render: dash,
    },
    remark: { title: t('column.remark'), dataIndex: 'remark', ellipsis: { showTitle: true }, render: dash },
    hmi_sn: { title: t('column.hmi_sn'), dataIndex: 'hmi_sn', render: dash },
    gateway_sn: { title: t('column.gateway_sn'), dataIndex: 'gateway_sn', render: dash },
    remote: {
      title: t('column.remote'),
      render: (_v, d) => (d.kind === 'hmi' ? <TunnelStatusTag status={tunnels?.get(d.id)} /> : dash('')),
    },
  };
}

interface Options extends RowActionRights {
  columns: readonly DeviceColumnKey[];
  params: Pick<DeviceListParams, 'sort' | 'order'>;
  onAction(action: DeviceAction, device: DeviceListItem): void;
  zones: DeviceZones;
  tunnels: DeviceTunnels;
}

/** The table's columns: the chosen data columns in order (sortable ones with their arrow), then the actions. */
export function useDeviceTableColumns(o: Options): Column[] {
  const { t } = useTranslation('device');
  const { columns, compact, canEdit, canDelete, canMonitor, canRemote, onAction, zones, tunnels } = o;
  const { sort, order } = o.params;
  return useMemo(() => {
    const all = dataColumns(t, compact, compact || !columns.includes('sn'), zones, tunnels);
    const shown: Column[] = columns.map((key) => ({
      ...all[key],
      key,
      width: columnWidthOf(key, compact),
      ...(sortable[key]
        ? { sorter: true, sortOrder: sortOrderOf(key, { sort, order }), showSorterTooltip: false }
        : {}),
    }));
    // Always an actions column: the history (device view, which the list needs) and, with 47,
    // the monitor are there for every viewer; edit and unbind only with their permissions.
    const actions: Column = {
      key: 'actions',
      title: compact ? '' : t('column.actions'),
      fixed: compact ? undefined : 'right',
      width: compact ? COMPACT_ACTIONS_WIDTH : ACTIONS_WIDTH,
      align: 'right',
      render: (_v, d) => (
        <DeviceRowActions
          device={d}
          compact={compact}
          canEdit={canEdit}
          canDelete={canDelete}
          canMonitor={canMonitor}
          canRemote={canRemote}
          onAction={onAction}
        />
      ),
    };
    return [...shown, actions];
  }, [columns, compact, canEdit, canDelete, canMonitor, canRemote, sort, order, onAction, zones, tunnels, t]);
}

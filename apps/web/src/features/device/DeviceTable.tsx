import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeviceListItem, DeviceListReply } from '@hmi/domain';
import type { DeviceColumnKey } from './device-columns.ts';
import type { DeviceListParams } from './device-list-params.ts';
import { PAGE_SIZES } from './device-list-params.ts';
import { SELECTION_WIDTH, sortChangeOf, tableScrollWidth } from './device-table.ts';
import { useDeviceTableColumns } from './device-table-columns.tsx';
import type { DeviceAction } from './DeviceRowActions.tsx';
import { useDeviceZoneMap } from '../zone/index.ts';
import { useTunnelStatusMap } from '../remote/index.ts';
import type { LiveTunnelStatus } from '../live/index.ts';
import { PagedTable } from '../../shared/lists/PagedTable.tsx';

export type { DeviceAction } from './DeviceRowActions.tsx';

interface Props {
  reply: DeviceListReply | undefined;
  loading: boolean;
  params: DeviceListParams;
  columns: readonly DeviceColumnKey[];
  compact: boolean;
  canEdit: boolean;
  canDelete: boolean;
  /** Permission 47: the row offers the device's data monitor. */
  canMonitor: boolean;
  /** hmi 6 or hmi-check 48: an HMI's row offers its remote screen. */
  canRemote: boolean;
  /** Tunnel statuses the device data socket pushed (act 'tunnel'). */
  liveTunnels?: ReadonlyMap<number, LiveTunnelStatus> | undefined;
  selected: number[];
  onSelect(ids: number[]): void;
  onAction(action: DeviceAction, device: DeviceListItem): void;
  onChange(change: Partial<DeviceListParams>): void;
  empty: React.ReactNode;
}

/** The device table: server-side paging and sorting, selectable rows, per-row actions. */
export function DeviceTable(props: Props) {
  const { reply, loading, params, columns, compact, canEdit, canDelete, canMonitor, canRemote } = props;
  const { selected, onSelect, onAction, onChange } = props;
  const { t } = useTranslation('device');
  // The zones of the page's devices: one call per page, only while the zone column shows.
  const showsZone = columns.includes('zone');
  const onPage = useMemo(() => (showsZone ? (reply?.list.map((d) => d.id) ?? []) : []), [reply, showsZone]);
  const zones = useDeviceZoneMap(onPage);
  // The HMIs' remote-access status: one call per page, only while the remote column shows.
  const showsRemote = columns.includes('remote');
  const hmis = useMemo(
    () => (showsRemote ? (reply?.list.filter((d) => d.kind === 'hmi').map((d) => d.id) ?? []) : []),
    [reply, showsRemote],
  );
  const tunnels = useTunnelStatusMap(hmis, props.liveTunnels);
  const tableColumns = useDeviceTableColumns({
    columns,
    params,
    compact,
    canEdit,
    canDelete,
    canMonitor,
    canRemote,
    onAction,
    zones,
    tunnels,
  });
  const withActions = canEdit || canDelete;

  return (
    <PagedTable<DeviceListItem>
      rowKey="id"
      size="middle"
      className="device-table"
      data-testid="device-table"
      columns={tableColumns}
      dataSource={reply?.list ?? []}
      loading={loading}
      tableLayout="fixed"
      scroll={{ x: tableScrollWidth(columns, compact, true) }}
      rowSelection={
        !compact && withActions
          ? {
              selectedRowKeys: selected,
              onChange: (keys) => onSelect(keys as number[]),
              preserveSelectedRowKeys: true,
              columnWidth: SELECTION_WIDTH,
              fixed: !compact,
            }
          : undefined
      }
      locale={{ emptyText: props.empty }}
      onChange={(pagination, _filters, sorter, extra) => {
        if (extra.action === 'sort') {
          const s = Array.isArray(sorter) ? sorter[0] : sorter;
          onChange(sortChangeOf(s?.columnKey, s?.order));
        } else if (extra.action === 'paginate') {
          onChange({ page: pagination.current ?? 1, page_size: pagination.pageSize ?? params.page_size });
        }
      }}
      compact={compact}
      paging={{
        page: params.page,
        pageSize: params.page_size,
        total: reply?.total ?? 0,
        sizes: PAGE_SIZES,
        totalText: (total) => t('list.total', { count: total }),
        hideOnSinglePage: false,
        small: 'phones',
      }}
    />
  );
}

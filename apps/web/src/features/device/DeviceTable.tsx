import { useMemo } from 'react';
import { Link } from 'react-router';
import { Button, Dropdown, Space, Table, Tag, Tooltip, Typography, type TableProps } from 'antd';
import {
  ApartmentOutlined,
  DashboardOutlined,
  DeleteOutlined,
  DesktopOutlined,
  EditOutlined,
  FileTextOutlined,
  LineChartOutlined,
  MoreOutlined,
  ClusterOutlined,
  TagsOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatGroupPath, type DeviceListItem, type DeviceListReply, type DeviceSortKey } from '@hmi/domain';
import { OnlineBadge } from './OnlineBadge.tsx';
import { SyncStateTag } from './SyncStateTag.tsx';
import { historyHref } from '../history/index.ts';
import { monitorHref } from '../monitor/index.ts';
import { DeviceNameLink } from '../device-page/index.ts';
import type { SortOrder } from 'antd/es/table/interface';
import { columnWidths, type DeviceColumnKey } from './device-columns.ts';
import type { DeviceListParams } from './device-list-params.ts';
import { PAGE_SIZES } from './device-list-params.ts';

export type DeviceAction = 'edit' | 'labels' | 'move' | 'template' | 'unbind';

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
  selected: number[];
  onSelect(ids: number[]): void;
  onAction(action: DeviceAction, device: DeviceListItem): void;
  onChange(change: Partial<DeviceListParams>): void;
  empty: React.ReactNode;
}

/** Characters of label names that fit the labels column before the rest folds into "+n". */
const LABEL_CHARS = 20;
const SELECTION_WIDTH = 40;
const ACTIONS_WIDTH = 88;
const COMPACT_ACTIONS_WIDTH = 48;
const sortable: Partial<Record<DeviceColumnKey, DeviceSortKey>> = {
  name: 'name',
  sn: 'sn',
  online: 'online',
};

/** The first labels whose names fit the column (always at least one); the rest is counted. */
function labelsThatFit<L extends { name: string }>(labels: readonly L[]): L[] {
  const out: L[] = [];
  let used = 0;
  for (const l of labels) {
    // CJK characters are about twice as wide as Latin ones.
    used += [...l.name].reduce((w, c) => w + (/[\u2e80-\u9fff\uff00-\uffef]/u.test(c) ? 2 : 1), 0) + 3;
    if (out.length > 0 && used > LABEL_CHARS) break;
    out.push(l);
  }
  return out;
}

const dash = (v: string | null | undefined) => (v ? v : <span className="device-muted">—</span>);

/** The device table: server-side paging and sorting, selectable rows, per-row actions. */
export function DeviceTable(props: Props) {
  const {
    reply,
    loading,
    params,
    columns,
    compact,
    canEdit,
    canDelete,
    canMonitor,
    selected,
    onSelect,
    onAction,
    onChange,
  } = props;
  const { t } = useTranslation('device');

  const tableColumns = useMemo(() => {
    const order = (key: DeviceColumnKey): SortOrder =>
      sortable[key] === params.sort ? (params.order === 'asc' ? 'ascend' : 'descend') : null;
    const all: Record<DeviceColumnKey, NonNullable<TableProps<DeviceListItem>['columns']>[number]> = {
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
              {compact || !columns.includes('sn') ? <div className="device-sub">{d.sn}</div> : null}
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

        render: (_v, d) => {
          if (!d.labels.length) return dash('');
          const shown = labelsThatFit(d.labels);
          const rest = d.labels.slice(shown.length);
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
        },
      },
      address: {
        title: t('column.address'),
        dataIndex: 'address',
        ellipsis: { showTitle: true },
        render: dash,
      },
      remark: {
        title: t('column.remark'),
        dataIndex: 'remark',
        ellipsis: { showTitle: true },
        render: dash,
      },
      hmi_sn: { title: t('column.hmi_sn'), dataIndex: 'hmi_sn', render: dash },
      gateway_sn: { title: t('column.gateway_sn'), dataIndex: 'gateway_sn', render: dash },
    };
    const shown = columns.map((key) => {
      const sortKey = sortable[key];
      return {
        ...all[key],
        key,
        width: compact && key === 'name' ? 180 : columnWidths[key],
        ...(sortKey ? { sorter: true, sortOrder: order(key), showSorterTooltip: false } : {}),
      };
    });
    if (!canEdit && !canDelete) return shown;
    const actions: NonNullable<TableProps<DeviceListItem>['columns']>[number] = {
      key: 'actions',
      title: compact ? '' : t('column.actions'),
      fixed: compact ? undefined : 'right',
      width: compact ? COMPACT_ACTIONS_WIDTH : ACTIONS_WIDTH,
      align: 'right',
      render: (_v, d) => (
        <Space size={2} className="device-actions">
          {canEdit && !compact ? (
            <Tooltip title={t('action.edit')}>
              <Button
                type="text"
                size="small"
                icon={<EditOutlined />}
                aria-label={t('action.edit')}
                onClick={() => onAction('edit', d)}
                data-testid="device-edit"
              />
            </Tooltip>
          ) : null}
          <Dropdown
            trigger={['click']}
            placement="bottomRight"
            menu={{
              items: [
                ...(canMonitor
                  ? [
                      {
                        key: 'monitor',
                        icon: <DashboardOutlined />,
                        label: (
                          <Link to={monitorHref(d.id)} data-testid="device-monitor">
                            {t('monitor:title')}
                          </Link>
                        ),
                      },
                    ]
                  : []),
                {
                  key: 'history',
                  icon: <LineChartOutlined />,
                  label: (
                    <Link to={historyHref(d.id)} data-testid="device-history">
                      {t('history:rowAction')}
                    </Link>
                  ),
                },
                { type: 'divider' as const },
                ...(canEdit
                  ? [
                      ...(compact ? [{ key: 'edit', icon: <EditOutlined />, label: t('action.edit') }] : []),
                      { key: 'labels', icon: <TagsOutlined />, label: t('action.labels') },
                      { key: 'move', icon: <ApartmentOutlined />, label: t('action.move') },
                      { key: 'template', icon: <FileTextOutlined />, label: t('action.template') },
                    ]
                  : []),
                ...(canDelete
                  ? [
                      ...(canEdit ? [{ type: 'divider' as const }] : []),
                      {
                        key: 'unbind',
                        icon: <DeleteOutlined />,
                        label: t('action.unbind'),
                        danger: true,
                        'data-testid': 'device-unbind',
                      },
                    ]
                  : []),
              ],
              onClick: ({ key }) =>
                key !== 'history' && key !== 'monitor' && onAction(key as DeviceAction, d),
            }}
          >
            <Button
              type="text"
              size="small"
              icon={<MoreOutlined />}
              aria-label={t('action.more')}
              data-testid="device-more"
            />
          </Dropdown>
        </Space>
      ),
    };
    return [...shown, actions];
  }, [columns, compact, canEdit, canDelete, canMonitor, params.sort, params.order, onAction, t]);

  const scrollWidth =
    columns.reduce((sum, k) => sum + (compact && k === 'name' ? 180 : columnWidths[k]), 0) +
    (canEdit || canDelete ? (compact ? COMPACT_ACTIONS_WIDTH : ACTIONS_WIDTH + SELECTION_WIDTH) : 0);

  return (
    <Table<DeviceListItem>
      rowKey="id"
      size="middle"
      className="device-table"
      data-testid="device-table"
      columns={tableColumns}
      dataSource={reply?.list ?? []}
      loading={loading}
      tableLayout="fixed"
      scroll={{ x: scrollWidth }}
      rowSelection={
        !compact && (canEdit || canDelete)
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
          const key = sortable[s?.columnKey as DeviceColumnKey];
          onChange(
            s?.order && key
              ? { sort: key, order: s.order === 'descend' ? 'desc' : 'asc' }
              : { sort: 'name', order: 'asc' },
          );
        } else if (extra.action === 'paginate') {
          onChange({ page: pagination.current ?? 1, page_size: pagination.pageSize ?? params.page_size });
        }
      }}
      pagination={{
        current: params.page,
        pageSize: params.page_size,
        total: reply?.total ?? 0,
        showSizeChanger: !compact,
        pageSizeOptions: PAGE_SIZES.map(String),
        showTotal: compact ? undefined : (total) => t('list.total', { count: total }),
        size: compact ? 'small' : undefined,
        simple: compact,
      }}
    />
  );
}

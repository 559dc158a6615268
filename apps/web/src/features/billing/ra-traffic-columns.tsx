import { Button, type TableProps } from 'antd';
import { FileSearchOutlined, SendOutlined } from '@ant-design/icons';
import type { TFunction } from 'i18next';
import { formatBytes } from '@hmi/domain';
import { DeviceNameLink } from '../../shared/devices/DeviceNameLink.tsx';
import { TrafficMonthSwitch } from './TrafficMonthSwitch.tsx';
import type { MonthRow } from './traffic-display.ts';

export interface RaTrafficColumnsArgs {
  t: TFunction<'billing'>;
  compact: boolean;
  /** The month running now (the switch of other months reads only). */
  current: string;
  /** An RA card is free: each row offers allocating to its device. */
  canAllocateRow: boolean;
  onAllocate(deviceId: number): void;
  onMonths(device: { id: number; name: string | null }): void;
}

/** The columns of the RA traffic table: device, switch, used and left (desktop), actions. */
export function raTrafficColumns(a: RaTrafficColumnsArgs): TableProps<MonthRow>['columns'] {
  const { t, compact } = a;
  return [
    {
      title: t('allocation.column.device'),
      key: 'device',
      render: (_v, r) => (
        <div className="device-name-text">
          <DeviceNameLink id={r.device_id} name={r.name ?? `#${r.device_id}`} />
          {compact ? (
            <>
              <span className="device-sub">{t('traffic.used', { used: formatBytes(r.used_bytes) })}</span>
              <span className="device-sub">
                {t('traffic.left', { left: formatBytes(r.remaining_bytes) })}
              </span>
            </>
          ) : null}
        </div>
      ),
    },
    {
      title: t('traffic.column.switch'),
      key: 'switch',
      width: compact ? 96 : 200,
      render: (_v, r) => <TrafficMonthSwitch row={r} current={a.current} />,
    },
    ...(compact
      ? []
      : [
          {
            title: t('traffic.column.used'),
            dataIndex: 'used_bytes',
            width: 120,
            align: 'right' as const,
            render: (b: number) => formatBytes(b),
          },
          {
            title: t('traffic.column.left'),
            dataIndex: 'remaining_bytes',
            width: 120,
            align: 'right' as const,
            render: (b: number) => formatBytes(b),
          },
        ]),
    {
      title: compact ? '' : t('traffic.column.actions'),
      key: 'actions',
      width: compact ? 76 : 230,
      render: (_v, r) => (
        <div className="billing-row-actions">
          {a.canAllocateRow ? (
            <Button
              size="small"
              icon={<SendOutlined />}
              onClick={() => a.onAllocate(r.device_id)}
              aria-label={t('traffic.allocate')}
              data-testid="ra-allocate-row"
            >
              {compact ? null : t('traffic.allocate')}
            </Button>
          ) : null}
          <Button
            size="small"
            icon={<FileSearchOutlined />}
            onClick={() => a.onMonths({ id: r.device_id, name: r.name })}
            aria-label={t('traffic.months')}
            data-testid="ra-months"
          >
            {compact ? null : t('traffic.months')}
          </Button>
        </div>
      ),
    },
  ];
}

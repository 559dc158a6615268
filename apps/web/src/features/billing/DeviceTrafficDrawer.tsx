import { Drawer, Grid, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { formatBytes, type RaAllocation, type TrafficMonthItem } from '@hmi/domain';
import { DATE_FORMAT } from '../../shared/format/date-time.ts';
import { cardStatusView, shownCardNumber } from './billing-display.ts';
import { prompt12gState } from './traffic-display.ts';
import { useDeviceTraffic } from './use-traffic.ts';

interface Props {
  /** The device shown; undefined: closed. */
  device: { id: number; name: string | null } | undefined;
  onClose(): void;
}

/** One device's Remote Access cards and its traffic month by month (myAccount view 17). */
export function DeviceTrafficDrawer({ device, onClose }: Props) {
  const { t } = useTranslation('billing');
  const compact = Grid.useBreakpoint().md === false;
  const traffic = useDeviceTraffic(device?.id);
  const data = traffic.data && traffic.data.device_id === device?.id ? traffic.data : undefined;
  return (
    <Drawer
      open={device !== undefined}
      onClose={onClose}
      title={t('traffic.drawer.title', { name: device?.name ?? '-' })}
      size={compact ? '100%' : 640}
      destroyOnHidden
      data-testid="device-traffic-drawer"
    >
      <Typography.Paragraph>
        {t('traffic.drawer.left', { left: formatBytes(data?.remaining_bytes ?? 0) })}
      </Typography.Paragraph>
      <Typography.Title level={5}>{t('traffic.drawer.cards')}</Typography.Title>
      <Table<RaAllocation>
        rowKey="card_id"
        size="small"
        pagination={false}
        loading={traffic.isPending}
        dataSource={data?.cards ?? []}
        locale={{ emptyText: <div className="device-no-match">{t('traffic.drawer.noCards')}</div> }}
        columns={[
          {
            title: t('card.column.card'),
            dataIndex: 'number',
            render: (n: string, c) => (
              <div className="device-name-text">
                <span className="device-mono">{shownCardNumber(n)}</span>
                <span>
                  <Tag color={cardStatusView(c.status).color}>{t(cardStatusView(c.status).key)}</Tag>
                </span>
              </div>
            ),
          },
          {
            title: t('traffic.column.usedOf'),
            key: 'used',
            align: 'right',
            render: (_v, c) => t('traffic.usedOf', { used: formatBytes(c.used_bytes), count: c.gigabytes }),
          },
          {
            title: t('card.column.expiresAt'),
            dataIndex: 'expires_at',
            width: 110,
            render: (ms: number | null) => (ms ? dayjs(ms).format(DATE_FORMAT) : '-'),
          },
        ]}
      />
      <Typography.Title level={5} className="billing-drawer-heading">
        {t('traffic.drawer.months')}
      </Typography.Title>
      <Table<TrafficMonthItem>
        rowKey="month"
        size="small"
        pagination={false}
        loading={traffic.isPending}
        dataSource={data?.months ?? []}
        data-testid="device-traffic-months"
        locale={{ emptyText: <div className="device-no-match">{t('traffic.drawer.noMonths')}</div> }}
        columns={[
          { title: t('traffic.column.month'), dataIndex: 'month', width: 90 },
          {
            title: t('traffic.column.switch'),
            dataIndex: 'on',
            width: 80,
            render: (on: boolean) =>
              on ? <Tag color="success">{t('traffic.on')}</Tag> : <Tag>{t('traffic.off')}</Tag>,
          },
          {
            title: t('traffic.column.used'),
            key: 'used',
            align: 'right',
            render: (_v, m) => (
              <div className="device-name-text">
                <span>{formatBytes(m.used_bytes)}</span>
                {prompt12gState(m) !== 'none' ? (
                  <span className="device-sub">{t(`traffic.prompt.${prompt12gState(m)}`)}</span>
                ) : null}
              </div>
            ),
          },
        ]}
      />
    </Drawer>
  );
}

import { Link } from 'react-router';
import { Badge, Card, Empty, List, Space, Tooltip } from 'antd';
import { DashboardOutlined, LineChartOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Perm, type FavouriteListReply } from '@hmi/domain';
import { usePermission } from '../../shared/session/use-permission.ts';
import { DeviceNameLink } from '../../shared/devices/DeviceNameLink.tsx';
import { FavouriteStar, useFavourites } from '../favourite/index.ts';
import { historyHref, monitorHref } from '../../shared/devices/device-routes.ts';
import { useLiveValue } from '../live/index.ts';
import { formatTagValue } from '../monitor/index.ts';
import type { BoardLive } from './use-board-live.ts';

type Favourite = FavouriteListReply['list'][number];

/** The caller's favourite devices: live online state, last values, links to the monitor and history. */
export function FavouritesPanel({ live }: { live: BoardLive }) {
  const { t } = useTranslation('board');
  const favourites = useFavourites();
  const list = favourites.data?.list ?? [];
  return (
    <Card
      size="small"
      title={t('favourites.title')}
      className="board-favourites"
      data-testid="board-favourites"
    >
      <List<Favourite>
        loading={favourites.isLoading}
        dataSource={list}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('favourites.empty')} />,
        }}
        renderItem={(f) => <FavouriteRow favourite={f} live={live} />}
      />
    </Card>
  );
}

function FavouriteRow({ favourite: f, live }: { favourite: Favourite; live: BoardLive }) {
  const { t } = useTranslation(['board', 'monitor', 'history']);
  const can = usePermission();
  const online = (live.online.get(f.device_id) ?? f.online) === 1;
  return (
    <List.Item
      data-testid="board-favourite"
      data-device-id={f.device_id}
      actions={[<FavouriteStar key="star" deviceId={f.device_id} />]}
    >
      <Space direction="vertical" size={2} style={{ minWidth: 0 }}>
        <Space size={6}>
          <Badge
            status={online ? 'success' : 'default'}
            data-testid="board-favourite-online"
            data-online={online ? 1 : 0}
          />
          <DeviceNameLink id={f.device_id} name={f.name} />
        </Space>
        <div className="board-fav-values">
          {f.last.map((v) => (
            <FavouriteValue key={v.tag_id} deviceId={f.device_id} tag={v} live={live} />
          ))}
        </div>
        <Space size={12}>
          {can(Perm.DeviceMonitor) ? (
            <Tooltip title={t('monitor:title')}>
              <Link to={monitorHref(f.device_id)} data-testid="board-favourite-monitor">
                <DashboardOutlined /> {t('favourites.monitor')}
              </Link>
            </Tooltip>
          ) : null}
          <Link to={historyHref(f.device_id)} data-testid="board-favourite-history">
            <LineChartOutlined /> {t('favourites.history')}
          </Link>
        </Space>
      </Space>
    </List.Item>
  );
}

function FavouriteValue({
  deviceId,
  tag,
  live,
}: {
  deviceId: number;
  tag: Favourite['last'][number];
  live: BoardLive;
}) {
  const value = useLiveValue(live.store(deviceId), tag.tag_id);
  return (
    <span>
      {tag.name}: {formatTagValue(value ? value.value : tag.value, -1, 2)}
      {tag.unit ? ` ${tag.unit}` : ''}
    </span>
  );
}

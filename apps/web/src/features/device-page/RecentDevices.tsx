import { Link } from 'react-router';
import { Card, Empty, Skeleton, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { MenuPath } from '@hmi/domain';
import { OnlineBadge, relativeTime, useDeviceList } from '../device/index.ts';
import { DeviceNameLink } from '../../shared/devices/DeviceNameLink.tsx';

/** Devices the overview lists: the newest (by registration, the list's `created` order). */
export const RECENT_DEVICES = 5;
const query = { page: 1, page_size: RECENT_DEVICES, sort: 'created', order: 'desc' } as const;

/** The team's newest devices, each leading to its page (the device overview). */
export function RecentDevices() {
  const { t, i18n } = useTranslation('devicepage');
  const list = useDeviceList(query);
  const devices = list.data?.list ?? [];
  return (
    <Card
      title={t('recent.title')}
      extra={<Link to={MenuPath.DeviceList}>{t('recent.all')}</Link>}
      data-testid="overview-recent"
    >
      {list.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} title={false} />
      ) : devices.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('recent.empty')} />
      ) : (
        <ul className="devpage-list">
          {devices.map((d) => (
            <li key={d.id} className="devpage-list-item">
              <div className="devpage-list-head">
                <span className="devpage-grow devpage-ellipsis">
                  <DeviceNameLink id={d.id} name={d.name} />
                </span>
                <OnlineBadge online={d.online} lastSeen={d.last_seen_at} />
              </div>
              <div className="devpage-list-meta">
                <span className="devpage-mono">{d.sn}</span>
                {d.model ? <span>{d.model}</span> : null}
                {d.last_seen_at !== null ? (
                  <Tooltip title={dayjs(d.last_seen_at).format('YYYY-MM-DD HH:mm:ss')}>
                    <span>{t('recent.seen', { time: relativeTime(d.last_seen_at, i18n.language) })}</span>
                  </Tooltip>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

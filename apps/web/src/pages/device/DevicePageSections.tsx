import { Link } from 'react-router';
import { Badge, Button, Card, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { MenuPath } from '@hmi/domain';
import { monitorHref } from '../../shared/devices/device-routes.ts';
import { DeviceIdentity } from '../../features/device-page/DeviceIdentity.tsx';
import { OnlineHistory } from '../../features/device-page/OnlineHistory.tsx';
import { LiveValues } from '../../features/device-page/LiveValues.tsx';
import { ActiveAlarms } from '../../features/device-page/ActiveAlarms.tsx';
import { DeviceTrend } from '../../features/device-page/DeviceTrend.tsx';
import { TagWrites } from '../../features/device-page/TagWrites.tsx';
import { IngestDrops } from '../../features/device-page/IngestDrops.tsx';
import { RemoteSessions } from '../../features/device-page/RemoteSessions.tsx';
import { LIVE_TAGS, type DevicePageState } from './use-device-page-state.ts';

type Device = NonNullable<DevicePageState['device']>;

interface SectionsProps {
  s: DevicePageState;
  device: Device;
  online: boolean;
  syncState: number;
}

/** The device page's cards in two columns; each follows its permission. */
export function DevicePageSections({ s, device, online, syncState }: SectionsProps) {
  const { t } = useTranslation(['devicepage', 'live']);
  const { canMonitor, canAlarm, remoteShown, tunnels, tags, compact } = s;
  return (
    <div className="devpage-grid">
      <div className="devpage-col">
        <Card className="devpage-card" title={t('identity.title')}>
          <DeviceIdentity device={device} syncState={syncState} />
        </Card>
        {canMonitor ? <DevicePageLiveCard s={s} device={device} online={online} /> : null}
        <Card className="devpage-card" title={t('trend.title')}>
          <DeviceTrend deviceId={device.id} tags={tags} compact={compact} />
        </Card>
      </div>
      <div className="devpage-col">
        {canAlarm ? (
          <Card
            className="devpage-card"
            title={t('alarms.title')}
            extra={<Link to={`${MenuPath.AlarmRecords}?device=${device.id}`}>{t('alarms.all')}</Link>}
          >
            <ActiveAlarms deviceId={device.id} />
          </Card>
        ) : null}
        {remoteShown ? (
          <Card className="devpage-card" title={t('remote:sessions.title')}>
            <RemoteSessions deviceId={device.id} status={tunnels?.get(device.id)} />
          </Card>
        ) : null}
        <Card className="devpage-card" title={t('online.title')}>
          <OnlineHistory deviceId={device.id} />
        </Card>
        {canMonitor ? (
          <Card className="devpage-card" title={t('writes.title')}>
            <TagWrites deviceId={device.id} />
          </Card>
        ) : null}
        <Card className="devpage-card" title={t('drops.title')}>
          <IngestDrops deviceId={device.id} />
        </Card>
      </div>
    </div>
  );
}

/** Live values of the first tags, the socket's state (with reconnect) and the way to the rest. */
function DevicePageLiveCard({ s, device, online }: { s: DevicePageState; device: Device; online: boolean }) {
  const { t } = useTranslation(['devicepage', 'live']);
  const { live, liveValues, tags, now } = s;
  const liveStatus = live.status === 'open' ? 'open' : live.status === 'connecting' ? 'connecting' : 'closed';
  return (
    <Card
      className="devpage-card"
      title={t('live.title')}
      extra={
        <Space size={8}>
          {liveValues ? (
            <Badge
              status={liveStatus === 'open' ? 'processing' : 'default'}
              text={t(`live:status.${liveStatus}`)}
              data-testid="devpage-live-status"
              data-status={live.status}
            />
          ) : null}
          {liveValues && (live.status === 'failed' || live.status === 'gatherTimeout') ? (
            <Button size="small" onClick={live.reconnect}>
              {t('live:reconnect')}
            </Button>
          ) : null}
        </Space>
      }
    >
      <LiveValues tags={tags.slice(0, LIVE_TAGS)} values={live.values} online={online} now={now} />
      {tags.length > LIVE_TAGS ? (
        <div className="devpage-live-foot">
          <Link to={monitorHref(device.id)}>{t('live.more', { count: tags.length })}</Link>
        </div>
      ) : null}
    </Card>
  );
}

import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Badge, Button, Card, Grid, Result, Space, Typography } from 'antd';
import {
  AlertOutlined,
  ArrowLeftOutlined,
  ClusterOutlined,
  DashboardOutlined,
  DesktopOutlined,
  LineChartOutlined,
} from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorCode, MenuPath, OnlineState, Perm, termKey, type LiveActMessage } from '@hmi/domain';
import { isApiError } from '../../shared/http/http-errors.ts';
import { errorText } from '../../shared/i18n/i18n.ts';
import { usePermission } from '../../shared/session/use-permission.ts';
import { deviceKeys } from '../../shared/query/device-keys.ts';
import { historyApi, historyKeys } from '../../features/history/history.api.ts';
import { historyHref, monitorHref, remoteHref } from '../../shared/devices/device-routes.ts';
import { useLiveDevice } from '../../features/live/use-live-device.ts';
import { useLiveDeviceStates } from '../../features/live/use-live-device-states.ts';
import { devicePageKeys } from '../../features/device-page/device-page.api.ts';
import { useDevicePageDetail } from '../../features/device-page/use-device-page.ts';
import { FavouriteStar } from '../../features/favourite/index.ts';
import { DeviceIdentity } from '../../features/device-page/DeviceIdentity.tsx';
import { OnlineHistory } from '../../features/device-page/OnlineHistory.tsx';
import { LiveValues } from '../../features/device-page/LiveValues.tsx';
import { ActiveAlarms } from '../../features/device-page/ActiveAlarms.tsx';
import { DeviceTrend } from '../../features/device-page/DeviceTrend.tsx';
import { TagWrites } from '../../features/device-page/TagWrites.tsx';
import { IngestDrops } from '../../features/device-page/IngestDrops.tsx';
import { RemoteSessions } from '../../features/device-page/RemoteSessions.tsx';
import { tunnelStatusOfAct, type LiveTunnelStatus } from '../../features/live/index.ts';
import { remoteKeys, useTunnelStatusMap } from '../../features/remote/index.ts';
import { remoteAccessOf } from '../../features/remote/remote-rights.ts';
import { billingKeys, DeviceQuotaAlert } from '../../features/billing/index.ts';
import '../../features/device-page/device-page.css';

/** Tags whose live values the page shows (the socket's first page); the monitor has them all. */
const LIVE_TAGS = 12;
/** Re-render this often so live tiles turn stale without new data. */
const QUALITY_TICK_MS = 5_000;

const positive = (raw: string | null) => {
  const n = Number(raw);
  return raw !== null && Number.isSafeInteger(n) && n > 0 ? n : undefined;
};

/**
 * /device/detail?id=N: one device on one page: who it is, whether and since when it is online
 * (with its online history), live values, open alarms, a trend, recent writes and dropped values,
 * and the ways on to its monitor, history and alarm rules. Sections follow the permissions.
 */
export function DevicePage() {
  const { t } = useTranslation(['devicepage', 'live']);
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const compact = Grid.useBreakpoint().md === false;
  const can = usePermission();
  const canView = can(Perm.DeviceView);
  const canMonitor = can(Perm.DeviceMonitor);
  const canAlarm = can(Perm.DeviceAlarm);
  const remoteAccess = remoteAccessOf(can);
  const id = positive(search.get('id'));

  const detail = useDevicePageDetail(canView ? id : undefined);
  const device = detail.data && detail.data.id === id ? detail.data : undefined;
  const tagList = useQuery({
    queryKey: historyKeys.tags(id ?? 0),
    queryFn: ({ signal }) => historyApi.tags(id ?? 0, signal),
    enabled: device !== undefined,
    staleTime: 30_000,
  });
  const tags = tagList.data?.tags ?? [];

  // Changes pushed by the device data socket refresh what they touch.
  const client = useQueryClient();
  const [tunnelAct, setTunnelAct] = useState<LiveTunnelStatus>();
  const onAct = useCallback(
    (act: LiveActMessage) => {
      if (id === undefined) return;
      if (act.act === 'online' || act.act === 'offline') {
        void client.invalidateQueries({ queryKey: devicePageKeys.onlineLogAll(id) });
        void client.invalidateQueries({ queryKey: devicePageKeys.detail(id) });
      } else if (act.act === 'sync') {
        // A new config may bring other tags (a template assigned or edited).
        void client.invalidateQueries({ queryKey: devicePageKeys.detail(id) });
        void client.invalidateQueries({ queryKey: historyKeys.tags(id) });
        void client.invalidateQueries({ queryKey: billingKeys.deviceTags(id) });
      } else if (act.act === 'settag') {
        void client.invalidateQueries({ queryKey: devicePageKeys.tagWrites(id) });
      } else if (act.act === 'tunnel') {
        setTunnelAct(tunnelStatusOfAct(act));
      }
    },
    [client, id],
  );
  // Once the tags are known: with the monitor permission and tags to show, the socket brings
  // values and acts; otherwise acts only (a values socket would close after 5 minutes of nothing).
  const liveValues = canMonitor && tagList.isSuccess && tags.length > 0;
  const live = useLiveDevice(liveValues ? id : undefined, 0, LIVE_TAGS, onAct);
  const states = useLiveDeviceStates(!liveValues && tagList.isSuccess && id ? [id] : []);
  const stateOnline = id !== undefined ? states.online.get(id) : undefined;
  // Remote access: the status now (fetched, then pushed) and, on each change, the session list.
  const liveTunnel = tunnelAct ?? (id !== undefined ? states.tunnel.get(id) : undefined);
  const remoteShown = remoteAccess !== 'none' && device?.kind === 'hmi';
  const pushedTunnel = useMemo(
    () => (liveTunnel ? new Map([[liveTunnel.device_id, liveTunnel]]) : undefined),
    [liveTunnel],
  );
  const tunnels = useTunnelStatusMap(remoteShown && id !== undefined ? [id] : [], pushedTunnel);
  useEffect(() => {
    if (liveTunnel) void client.invalidateQueries({ queryKey: remoteKeys.sessions(liveTunnel.device_id) });
  }, [liveTunnel, client]);
  useEffect(() => {
    if (stateOnline === undefined || id === undefined) return;
    void client.invalidateQueries({ queryKey: devicePageKeys.onlineLogAll(id) });
    void client.invalidateQueries({ queryKey: deviceKeys.all });
  }, [stateOnline, id, client]);

  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), QUALITY_TICK_MS);
    return () => clearInterval(timer);
  }, []);

  const back = (
    <Button
      type="link"
      icon={<ArrowLeftOutlined />}
      className="devpage-back"
      onClick={() => void navigate(MenuPath.DeviceList)}
    >
      {t('back')}
    </Button>
  );

  if (!canView) return <Result status="403" title={t('errors:1002')} extra={back} />;
  if (
    id === undefined ||
    (detail.isError && isApiError(detail.error) && detail.error.code === ErrorCode.E1003_NO_DATA)
  ) {
    return <Result status="404" title={t('missing')} extra={back} data-testid="devpage-missing" />;
  }
  if (detail.isError && !device) {
    const e = detail.error;
    return (
      <Result
        status="warning"
        title={isApiError(e) ? errorText(e.code, e.data, e.msg) : errorText('ERR_NETWORK')}
        extra={back}
      />
    );
  }

  const online = (live.online ?? stateOnline ?? device?.online ?? 0) === OnlineState.Online;
  const syncState = live.syncState ?? states.sync.get(id) ?? device?.sync_state ?? 0;
  const liveStatus = live.status === 'open' ? 'open' : live.status === 'connecting' ? 'connecting' : 'closed';

  return (
    <div className="devpage" data-testid="device-page">
      <div className="devpage-head">
        <div className="devpage-head-main">
          {back}
          <h1 className="devpage-title">
            <span className="devpage-kind" aria-label={device ? t(`device:kind.${device.kind}`) : undefined}>
              {device?.kind === 'gateway' ? <ClusterOutlined /> : <DesktopOutlined />}
            </span>
            <span className="devpage-title-text" data-testid="devpage-name">
              {device?.name ?? '\u00a0'}
            </span>
            {device ? <FavouriteStar deviceId={device.id} size="middle" /> : null}
          </h1>
          {device ? (
            <div className="devpage-facts">
              <Badge
                status={online ? 'success' : 'default'}
                text={t(termKey('onlineState', online ? 1 : 0))}
                data-testid="devpage-online-state"
                data-online={online ? 1 : 0}
              />
              <span className="devpage-mono">{device.sn}</span>
              {device.model ? <span>{device.model}</span> : null}
            </div>
          ) : null}
        </div>
        {device ? (
          <Space wrap className="devpage-actions">
            {remoteShown ? (
              <Button
                type="primary"
                icon={<DesktopOutlined />}
                onClick={() => void navigate(remoteHref(device.id))}
                data-testid="devpage-open-remote"
              >
                {t('remote:action')}
              </Button>
            ) : null}
            {canMonitor ? (
              <Button
                icon={<DashboardOutlined />}
                onClick={() => void navigate(monitorHref(device.id))}
                data-testid="devpage-open-monitor"
              >
                {t('action.monitor')}
              </Button>
            ) : null}
            <Button
              icon={<LineChartOutlined />}
              onClick={() => void navigate(historyHref(device.id))}
              data-testid="devpage-open-history"
            >
              {t('action.history')}
            </Button>
            {canAlarm && device.template_id !== null ? (
              <Button
                icon={<AlertOutlined />}
                onClick={() => void navigate(`${MenuPath.AlarmRules}?templateid=${device.template_id}`)}
                data-testid="devpage-open-rules"
              >
                {t('action.alarmRules')}
              </Button>
            ) : null}
          </Space>
        ) : null}
      </div>

      {device ? <DeviceQuotaAlert deviceId={device.id} /> : null}
      {device ? (
        <div className="devpage-grid">
          <div className="devpage-col">
            <Card className="devpage-card" title={t('identity.title')}>
              <DeviceIdentity device={device} syncState={syncState} />
            </Card>
            {canMonitor ? (
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
            ) : null}
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
      ) : (
        <Card loading className="devpage-card">
          <Typography.Text>{'\u00a0'}</Typography.Text>
        </Card>
      )}
    </div>
  );
}

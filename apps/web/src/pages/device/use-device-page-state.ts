import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Grid } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Perm, type LiveActMessage } from '@hmi/domain';
import { usePermission } from '../../shared/session/use-permission.ts';
import { deviceKeys } from '../../shared/query/device-keys.ts';
import { historyApi, historyKeys } from '../../features/history/history.api.ts';
import { useLiveDevice } from '../../features/live/use-live-device.ts';
import { useLiveDeviceStates } from '../../features/live/use-live-device-states.ts';
import { devicePageKeys } from '../../features/device-page/device-page.api.ts';
import { useDevicePageDetail } from '../../features/device-page/use-device-page.ts';
import { tunnelStatusOfAct, type LiveTunnelStatus } from '../../features/live/index.ts';
import { remoteKeys, useTunnelStatusMap } from '../../features/remote/index.ts';
import { remoteAccessOf } from '../../features/remote/remote-rights.ts';
import { billingKeys } from '../../features/billing/index.ts';

/** Tags whose live values the page shows (the socket's first page); the monitor has them all. */
export const LIVE_TAGS = 12;
/** Re-render this often so live tiles turn stale without new data. */
const QUALITY_TICK_MS = 5_000;

const positive = (raw: string | null) => {
  const n = Number(raw);
  return raw !== null && Number.isSafeInteger(n) && n > 0 ? n : undefined;
};

/**
 * The device page's state: the device from the address and the permissions, its detail and tags,
 * the live socket (values, or acts only) and the pushed states that refresh what they touch, the
 * remote tunnel status, and the clock that ages live tiles.
 */
export function useDevicePageState() {
  const [search] = useSearchParams();
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

  return {
    compact,
    canView,
    canMonitor,
    canAlarm,
    id,
    detail,
    device,
    tags,
    liveValues,
    live,
    states,
    stateOnline,
    remoteShown,
    tunnels,
    now,
  };
}

export type DevicePageState = ReturnType<typeof useDevicePageState>;

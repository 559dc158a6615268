import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { TunnelStatus } from '@hmi/domain';
import type { LiveTunnelStatus } from '../live/index.ts';
import { remoteApi, remoteKeys } from './remote.api.ts';

/** The list asks again this often; the device socket's 'tunnel' acts update it in between. */
export const TUNNEL_STATUS_POLL_MS = 60_000;
/** GET /remote/status takes at most this many ids. */
const MAX_IDS = 100;

/**
 * The fetched statuses, each replaced by a pushed one (act 'tunnel') newer than the reply.
 * Pure, for the list and the device page.
 */
export function mergeTunnelStatuses(
  fetched: readonly TunnelStatus[] | undefined,
  fetchedAt: number,
  live: ReadonlyMap<number, LiveTunnelStatus> | undefined,
  ids: readonly number[],
): ReadonlyMap<number, TunnelStatus> | undefined {
  if (!fetched && !live?.size) return undefined;
  const out = new Map<number, TunnelStatus>();
  for (const s of fetched ?? []) out.set(s.device_id, s);
  for (const id of ids) {
    const pushed = live?.get(id);
    if (pushed && (pushed.ts >= fetchedAt || !out.has(id))) {
      const { ts: _ts, ...status } = pushed;
      out.set(id, status);
    }
  }
  return out;
}

/**
 * Remote-access status of the devices on screen (GET /remote/status for the visible page),
 * merged with what the device data socket pushed since. Undefined while unknown.
 */
export function useTunnelStatusMap(
  deviceIds: readonly number[],
  live?: ReadonlyMap<number, LiveTunnelStatus>,
): ReadonlyMap<number, TunnelStatus> | undefined {
  const ids = useMemo(() => [...new Set(deviceIds)].sort((a, b) => a - b).slice(0, MAX_IDS), [deviceIds]);
  const key = ids.join(',');
  const query = useQuery({
    queryKey: remoteKeys.status(key),
    queryFn: ({ signal }) => remoteApi.status(ids, signal),
    enabled: ids.length > 0,
    staleTime: 10_000,
    refetchInterval: TUNNEL_STATUS_POLL_MS,
  });
  return useMemo(
    () => mergeTunnelStatuses(query.data, query.dataUpdatedAt, live, ids),
    [query.data, query.dataUpdatedAt, live, ids],
  );
}

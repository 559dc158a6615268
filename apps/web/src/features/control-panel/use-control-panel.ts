import { useEffect, useMemo, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ControlPanelSummary } from '@hmi/domain';
import { useLiveDeviceStates } from '../live/index.ts';
import { controlPanelApi, controlPanelKeys } from './control-panel.api.ts';

/** The slow poll for what no socket reports (devices not on screen, billing). */
export const PANEL_POLL_MS = 30_000;
/** At most one summary call in this window, however many socket events arrive. */
export const PANEL_MIN_INTERVAL_MS = 3_000;

/** Waits `ms`, or rejects when the query is cancelled (a newer invalidation restarts it). */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });
}

/** The devices the panel names (their state changes come through the device data socket). */
export function panelDeviceIds(s: ControlPanelSummary | undefined): number[] {
  if (!s) return [];
  const ids = [
    ...s.changes.map((c) => c.device_id),
    ...s.offline_longest.map((d) => d.device_id),
    ...s.alarms.list.map((a) => a.device_id),
    ...s.out_of_sync.list.map((d) => d.device_id),
  ];
  return [...new Set(ids)].slice(0, 50);
}

/**
 * The control panel's summary, live: alarm events (notify socket) and acknowledgements
 * invalidate it through the alarm root, `act` frames of the device data socket for the devices
 * it shows invalidate it here; every refetch waits until PANEL_MIN_INTERVAL_MS after the last
 * one, so a burst of events costs one call. `refreshNow` skips the wait (after the user's own action).
 */
export function useControlPanel() {
  const client = useQueryClient();
  const lastFetch = useRef(0);
  const query = useQuery({
    queryKey: controlPanelKeys.summary,
    queryFn: async ({ signal }) => {
      const wait = lastFetch.current + PANEL_MIN_INTERVAL_MS - Date.now();
      if (wait > 0) await pause(wait, signal);
      lastFetch.current = Date.now();
      return controlPanelApi.summary(signal);
    },
    refetchInterval: PANEL_POLL_MS,
  });
  const ids = useMemo(() => panelDeviceIds(query.data), [query.data]);
  const live = useLiveDeviceStates(ids);
  useEffect(() => {
    if (live.online.size > 0 || live.sync.size > 0)
      void client.invalidateQueries({ queryKey: controlPanelKeys.summary });
  }, [client, live.online, live.sync]);
  const refreshNow = () => {
    lastFetch.current = 0;
    void client.invalidateQueries({ queryKey: controlPanelKeys.summary });
  };
  return { ...query, refreshNow };
}

import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Limits, type LiveActMessage } from '@hmi/domain';
import type { LiveSocketStatus } from './live-socket.ts';
import { LiveValueStore } from './live-value-store.ts';
import { liveTab, useLiveTabState, useLiveWant } from './use-live-tab.ts';

/** The socket's state, plus gatherTimeout: stopped after 5 minutes without data (SPEC section 4). */
export type LiveDeviceStatus = LiveSocketStatus | 'gatherTimeout';

export interface LiveDeviceState {
  status: LiveDeviceStatus;
  /** Reconnect attempt under way (1-4) while reconnecting. */
  attempt: number;
  /** Latest values; cells read them with useLiveValue. */
  values: LiveValueStore;
  /** From `act` messages; undefined until one came. */
  online: number | undefined;
  syncState: number | undefined;
  /** Shows the device again (after gatherTimeout or failed). */
  reconnect(): void;
}

/**
 * The live values of one device's tags on one page (page index and size as the table shows
 * them), its online and sync changes, and every `act` to `onAct` (write results), through the
 * tab's device data socket. When no data came for `inactivityMs` (300 s) the device leaves the
 * subscription with status gatherTimeout (the socket closes if no other screen uses it).
 */
export function useLiveDevice(
  deviceId: number | undefined,
  page: number,
  pageSize: number,
  onAct?: (act: LiveActMessage) => void,
  inactivityMs: number = Limits.monitorInactivityMs,
): LiveDeviceState {
  const tab = liveTab();
  const state = useLiveTabState(tab);
  const [timedOut, setTimedOut] = useState(false);
  const [online, setOnline] = useState<number>();
  const [syncState, setSyncState] = useState<number>();
  const values = useMemo(
    () => (deviceId === undefined ? new LiveValueStore() : tab.values(deviceId)),
    [tab, deviceId],
  );
  const actRef = useRef(onAct);
  useEffect(() => {
    actRef.current = onAct;
  }, [onAct]);

  const shown = deviceId !== undefined && !timedOut;
  const want = useMemo(
    () => (shown ? { page: { deviceIds: [deviceId], pageSize, page } } : null),
    [shown, deviceId, pageSize, page],
  );
  const onDeviceAct = useCallback((m: LiveActMessage) => {
    if (m.act === 'online') setOnline(1);
    else if (m.act === 'offline') setOnline(0);
    else if (m.online !== undefined) setOnline(m.online);
    if (m.sync_state !== undefined) setSyncState(m.sync_state);
    actRef.current?.(m);
  }, []);
  useLiveWant(want, onDeviceAct);

  // No data for inactivityMs since the device was shown, the socket opened or the last value.
  useEffect(() => {
    if (!shown) return;
    const since = Date.now();
    let timer: ReturnType<typeof setTimeout>;
    const check = () => {
      const last = Math.max(since, values.lastReceivedAt, tab.state.openedAt);
      const left = last + inactivityMs - Date.now();
      if (left <= 0) setTimedOut(true);
      else timer = setTimeout(check, left);
    };
    timer = setTimeout(check, inactivityMs);
    return () => clearTimeout(timer);
  }, [shown, values, tab, inactivityMs]);

  const reconnect = useCallback(() => {
    setTimedOut(false);
    tab.reconnect();
  }, [tab]);
  const status: LiveDeviceStatus = timedOut
    ? 'gatherTimeout'
    : !shown || !state.active
      ? 'connecting'
      : state.status;
  return { status, attempt: state.attempt, values, online, syncState, reconnect };
}

import { useCallback, useMemo, useState } from 'react';
import { LiveLimits, type LiveActMessage, type TunnelStatus } from '@hmi/domain';
import { useLiveWant } from './use-live-tab.ts';

export interface LiveDeviceStates {
  /** Device id -> online 0/1, for devices whose state changed while the screen was open. */
  online: ReadonlyMap<number, number>;
  /** Device id -> sync state 0/1, likewise. */
  sync: ReadonlyMap<number, number>;
  /** Device id -> remote-access status (act 'tunnel'), with the act's time `ts`. */
  tunnel: ReadonlyMap<number, LiveTunnelStatus>;
}

/** A device's tunnel status as an act 'tunnel' reported it, at `ts` (server clock, ms). */
export type LiveTunnelStatus = TunnelStatus & { ts: number };

/** The tunnel status an act 'tunnel' carries; undefined for any other act. */
export function tunnelStatusOfAct(m: LiveActMessage): LiveTunnelStatus | undefined {
  if (m.act !== 'tunnel' || m.tunnel_state === undefined) return undefined;
  return {
    device_id: m.device_id,
    state: m.tunnel_state,
    operator_name: m.operator_name ?? null,
    viewers: m.viewers ?? 0,
    ts: m.ts,
  };
}

/**
 * Online, sync and tunnel state changes of the devices on screen, pushed by the `act` messages of
 * the tab's device data socket (the devices join its subscription for acts only; for lists that
 * otherwise poll). Merge over the list's own values: `states.online.get(d.id) ?? d.online`.
 */
export function useLiveDeviceStates(deviceIds: readonly number[]): LiveDeviceStates {
  const [online, setOnline] = useState<ReadonlyMap<number, number>>(new Map());
  const [sync, setSync] = useState<ReadonlyMap<number, number>>(new Map());
  const [tunnel, setTunnel] = useState<ReadonlyMap<number, LiveTunnelStatus>>(new Map());
  const want = useMemo(() => {
    const ids = [...new Set(deviceIds)].sort((a, b) => a - b).slice(0, LiveLimits.devicesPerSocketMax);
    return ids.length > 0 ? { acts: ids } : null;
  }, [deviceIds]);
  const onAct = useCallback((m: LiveActMessage) => {
    const tunnelStatus = tunnelStatusOfAct(m);
    if (tunnelStatus) {
      setTunnel((prev) => new Map(prev).set(m.device_id, tunnelStatus));
      return;
    }
    const state = m.act === 'online' ? 1 : m.act === 'offline' ? 0 : m.online;
    if (state !== undefined) setOnline((prev) => new Map(prev).set(m.device_id, state));
    if (m.sync_state !== undefined) {
      const s = m.sync_state;
      setSync((prev) => new Map(prev).set(m.device_id, s));
    }
  }, []);
  useLiveWant(want, onAct);
  return { online, sync, tunnel };
}

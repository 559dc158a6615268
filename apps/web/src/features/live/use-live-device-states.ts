import { useEffect, useMemo, useState } from 'react';
import type { LiveActMessage, TunnelStatus } from '@hmi/domain';
import { createLiveSocket } from './live-connection.ts';

/** A page past every device's tags: the socket then carries `act` messages only, no values. */
const ACTS_ONLY_PAGE = 100_000;

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
 * Online, sync and tunnel state changes of the devices on screen, pushed by the device data socket's
 * `act` messages (for lists that otherwise poll). Merge over the list's own values:
 * `states.online.get(d.id) ?? d.online`.
 */
export function useLiveDeviceStates(deviceIds: readonly number[]): LiveDeviceStates {
  const [online, setOnline] = useState<ReadonlyMap<number, number>>(new Map());
  const [sync, setSync] = useState<ReadonlyMap<number, number>>(new Map());
  const [tunnel, setTunnel] = useState<ReadonlyMap<number, LiveTunnelStatus>>(new Map());
  const key = useMemo(() => [...new Set(deviceIds)].sort((a, b) => a - b).join(','), [deviceIds]);

  useEffect(() => {
    const ids = key ? key.split(',').map(Number) : [];
    if (ids.length === 0) return;
    const socket = createLiveSocket({
      page: ACTS_ONLY_PAGE,
      onMessage: (m) => {
        if (m.type !== 'act') return;
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
      },
    });
    socket.subscribe({ type: 'subscribe', device_ids: ids.slice(0, 50), page_size: 1, page: ACTS_ONLY_PAGE });
    socket.open();
    return () => socket.close();
  }, [key]);

  return { online, sync, tunnel };
}

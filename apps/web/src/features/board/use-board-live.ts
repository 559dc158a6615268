import { useEffect, useMemo, useRef, useState } from 'react';
import { LiveLimits, type BoardTagRef } from '@hmi/domain';
import { createLiveSocket, LiveValueStore, type LiveSocket } from '../live/index.ts';

/** Live values of the board's visible tags, by device, and device online changes. */
export interface BoardLive {
  /** The value store of a device (one per device: tag ids repeat across devices). */
  store(deviceId: number): LiveValueStore;
  /** Device id -> online 0/1, from `act` messages since the board opened. */
  online: ReadonlyMap<number, number>;
}

/** The pairs as one stable key, sorted and unique, devices capped at the socket's limit. */
export function pairsKey(pairs: readonly BoardTagRef[]): string {
  const keys = [...new Set(pairs.map((p) => `${p.device_id}:${p.tag_id}`))].sort();
  const devices = new Set<string>();
  return keys
    .filter((k) => {
      const d = k.slice(0, k.indexOf(':'));
      if (!devices.has(d) && devices.size >= LiveLimits.devicesPerSocketMax) return false;
      devices.add(d);
      return true;
    })
    .slice(0, LiveLimits.tagPairsMax)
    .join(',');
}

/**
 * One device data socket for the board: it subscribes to the (device, tag) pairs of the cards on
 * screen (subscribe_tags), re-sent when they change; values land in a store per device so each
 * card re-renders alone when its tag changes.
 */
export function useBoardLive(pairs: readonly BoardTagRef[]): BoardLive {
  const [stores] = useState(() => new Map<number, LiveValueStore>());
  const [online, setOnline] = useState<ReadonlyMap<number, number>>(new Map());
  const socketRef = useRef<LiveSocket | null>(null);
  const key = useMemo(() => pairsKey(pairs), [pairs]);
  const keyRef = useRef(key);
  keyRef.current = key;

  const store = useMemo(
    () => (deviceId: number) => {
      let s = stores.get(deviceId);
      if (!s) stores.set(deviceId, (s = new LiveValueStore()));
      return s;
    },
    [stores],
  );

  useEffect(() => {
    const socket = createLiveSocket({
      onMessage: (m) => {
        if (m.type === 'data') {
          const now = Date.now();
          const byDevice = new Map<number, typeof m.items>();
          for (const item of m.items) {
            const list = byDevice.get(item.device_id);
            if (list) list.push(item);
            else byDevice.set(item.device_id, [item]);
          }
          for (const [deviceId, items] of byDevice) store(deviceId).put(items, now);
        } else if (m.type === 'act') {
          const state = m.act === 'online' ? 1 : m.act === 'offline' ? 0 : m.online;
          if (state !== undefined) setOnline((prev) => new Map(prev).set(m.device_id, state));
        }
      },
    });
    socketRef.current = socket;
    socket.subscribe({ type: 'subscribe_tags', tags: toPairs(keyRef.current) });
    socket.open();
    return () => {
      socket.close();
      socketRef.current = null;
    };
  }, [store]);

  useEffect(() => {
    socketRef.current?.subscribe({ type: 'subscribe_tags', tags: toPairs(key) });
  }, [key]);

  return useMemo(() => ({ store, online }), [store, online]);
}

function toPairs(key: string): BoardTagRef[] {
  if (!key) return [];
  return key.split(',').map((k) => {
    const [d, t] = k.split(':');
    return { device_id: Number(d), tag_id: Number(t) };
  });
}

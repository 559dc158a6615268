import { useCallback, useMemo, useState } from 'react';
import { LiveLimits, type BoardTagRef, type LiveActMessage } from '@hmi/domain';
import { liveTab, type LiveValueStore, useLiveWant } from '../live/index.ts';

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
 * The board's part of the tab's device data socket: the (device, tag) pairs of the cards on
 * screen join the tab's subscription (changed when they change); values land in the tab's store
 * per device so each card re-renders alone when its tag changes.
 */
export function useBoardLive(pairs: readonly BoardTagRef[]): BoardLive {
  const [online, setOnline] = useState<ReadonlyMap<number, number>>(new Map());
  const key = useMemo(() => pairsKey(pairs), [pairs]);
  const tab = liveTab();
  const store = useCallback((deviceId: number) => tab.values(deviceId), [tab]);
  const want = useMemo(() => (key ? { pairs: toPairs(key) } : null), [key]);
  const onAct = useCallback((m: LiveActMessage) => {
    const state = m.act === 'online' ? 1 : m.act === 'offline' ? 0 : m.online;
    if (state !== undefined) setOnline((prev) => new Map(prev).set(m.device_id, state));
  }, []);
  useLiveWant(want, onAct);
  return useMemo(() => ({ store, online }), [store, online]);
}

function toPairs(key: string): BoardTagRef[] {
  return key.split(',').map((k) => {
    const [d, t] = k.split(':');
    return { device_id: Number(d), tag_id: Number(t) };
  });
}

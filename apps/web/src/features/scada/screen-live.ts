import type { ScreenTagRef } from '@hmi/domain';
import type { LiveValueStore } from '../live/index.ts';
import { deviceAccess, liveCell, sameCell, type DeviceAccess } from './quality.ts';
import { tagKey, type LiveCell } from './widget-types.ts';

/*
 * The live state a running screen's widgets read, in stores with listeners per key (as
 * live-value-store.ts), so each widget re-renders alone when its own cell changes: the values
 * (the tab's LiveValueStore per device), each device's access (online state from the project
 * and the socket's acts; denied from the caller's visibility and monitor permission) and a
 * clock that moves every few seconds so a value turns stale without a new one coming.
 */

/** Devices' access with a listener set per device. */
export class DeviceAccessStore {
  private devices = new Map<number, { online: number; visible: boolean }>();
  private readonly listeners = new Map<number, Set<() => void>>();

  constructor(
    devices: readonly { id: number; online: number; visible: boolean }[],
    private canMonitor: boolean,
  ) {
    this.reset(devices, canMonitor);
  }

  access(deviceId: number): DeviceAccess {
    return deviceAccess(this.devices.get(deviceId), this.canMonitor);
  }

  /** The project's devices as read again (a refetch), or the caller's permission changed. */
  reset(devices: readonly { id: number; online: number; visible: boolean }[], canMonitor: boolean): void {
    const before = new Map([...this.listeners.keys()].map((id) => [id, this.access(id)]));
    this.devices = new Map(devices.map((d) => [d.id, { online: d.online, visible: d.visible }]));
    this.canMonitor = canMonitor;
    for (const [id, was] of before) if (this.access(id) !== was) this.notify(id);
  }

  /** An online or offline act of the socket. */
  setOnline(deviceId: number, online: number): void {
    const d = this.devices.get(deviceId);
    if (!d || d.online === online) return;
    this.devices.set(deviceId, { ...d, online });
    this.notify(deviceId);
  }

  subscribe(deviceId: number, listener: () => void): () => void {
    let set = this.listeners.get(deviceId);
    if (!set) this.listeners.set(deviceId, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(deviceId);
    };
  }

  private notify(deviceId: number): void {
    const set = this.listeners.get(deviceId);
    if (set) for (const l of set) l();
  }
}

/** How often the screen looks whether values turned stale. */
export const STALE_CHECK_MS = 5_000;

/** A clock that moves every `periodMs` while someone listens (one timer per screen, not per widget). */
export class StaleClock {
  private current: number;
  private timer: ReturnType<typeof setInterval> | null = null;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly periodMs = STALE_CHECK_MS,
    private readonly clock: () => number = Date.now,
  ) {
    this.current = clock();
  }

  /** The time of the last tick (stable between ticks: a render reads what its listeners were told). */
  now(): number {
    return this.current;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    this.timer ??= setInterval(this.tick, this.periodMs);
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0 && this.timer) {
        clearInterval(this.timer);
        this.timer = null;
      }
    };
  }

  private readonly tick = (): void => {
    this.current = this.clock();
    for (const l of this.listeners) l();
  };
}

/** What a running screen's widgets read. */
export interface ScreenLive {
  store(deviceId: number): LiveValueStore;
  devices: DeviceAccessStore;
  clock: StaleClock;
}

/** The cell of one (device, tag) pair now. */
export function cellOf(live: ScreenLive, ref: ScreenTagRef): LiveCell {
  const last = live.store(ref.deviceId).get(ref.tagId);
  const now = Math.max(live.clock.now(), last?.receivedAt ?? 0);
  return liveCell(live.devices.access(ref.deviceId), last, now);
}

/** Listens to everything the cells of `refs` depend on; returns the unsubscribe. */
export function subscribeCells(
  live: ScreenLive,
  refs: readonly ScreenTagRef[],
  listener: () => void,
): () => void {
  const offs = refs.flatMap((r) => [
    live.store(r.deviceId).subscribe(r.tagId, listener),
    live.devices.subscribe(r.deviceId, listener),
  ]);
  if (refs.length > 0) offs.push(live.clock.subscribe(listener));
  return () => offs.forEach((off) => off());
}

/**
 * The cells of `refs` by tagKey, the previous map itself when no cell changed (what
 * useSyncExternalStore needs to leave the widget alone).
 */
export function cellsOf(
  live: ScreenLive,
  refs: readonly ScreenTagRef[],
  previous: ReadonlyMap<string, LiveCell> | undefined,
): ReadonlyMap<string, LiveCell> {
  const next = new Map<string, LiveCell>();
  let changed = false;
  for (const r of refs) {
    const key = tagKey(r.deviceId, r.tagId);
    const cell = cellOf(live, r);
    const old = previous?.get(key);
    if (old && sameCell(old, cell)) next.set(key, old);
    else {
      next.set(key, cell);
      changed = true;
    }
  }
  return changed || !previous || previous.size !== next.size ? next : previous;
}

import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type RefObject,
} from 'react';
import {
  bindingsOf,
  LiveLimits,
  type LiveActMessage,
  type ProjectDevice,
  type ScreenDocument,
  type ScreenTagRef,
  type ScreenWidget,
} from '@hmi/domain';
import { liveTab, useLiveWant, type LiveWant } from '../live/index.ts';
import {
  cellOf,
  cellsOf,
  DeviceAccessStore,
  StaleClock,
  subscribeCells,
  type ScreenLive,
} from './screen-live.ts';
import { isPainted, painterFor, type Painter } from './value-paint.ts';
import type { LiveCell, LiveQuality } from './widget-types.ts';

/*
 * A running screen's part of the tab's one device data socket (live-tab.ts): exactly the
 * (device, tag) pairs the screen reads or writes join the tab's subscription (useLiveWant, as
 * the data board does), values land in the tab's store per device, online changes come as acts.
 * Widgets then read their cells with useCells, each on its own.
 */

/** The pairs a subscription may carry: the socket's caps (devices first come, pairs in order). */
export function cappedPairs(refs: readonly ScreenTagRef[]): { device_id: number; tag_id: number }[] {
  const devices = new Set<number>();
  const out: { device_id: number; tag_id: number }[] = [];
  for (const r of refs) {
    if (out.length >= LiveLimits.tagPairsMax) break;
    if (!devices.has(r.deviceId)) {
      if (devices.size >= LiveLimits.devicesPerSocketMax) continue;
      devices.add(r.deviceId);
    }
    out.push({ device_id: r.deviceId, tag_id: r.tagId });
  }
  return out;
}

/** The online state an act tells, if it tells one. */
const onlineOf = (m: LiveActMessage): number | undefined =>
  m.act === 'online' ? 1 : m.act === 'offline' ? 0 : m.online;

/**
 * The live state of a running screen (null while designing: nothing is subscribed). `devices`:
 * the project's devices as the project detail gives them; `canMonitor`: the caller holds the
 * monitor permission (47), without which the socket sends no values.
 */
export function useScreenLive(
  doc: ScreenDocument,
  devices: readonly ProjectDevice[],
  canMonitor: boolean,
  enabled: boolean,
): ScreenLive | null {
  const tab = liveTab();
  const [access] = useState(() => new DeviceAccessStore(devices, canMonitor));
  const [clock] = useState(() => new StaleClock());
  useEffect(() => access.reset(devices, canMonitor), [access, devices, canMonitor]);

  const key = useMemo(() => JSON.stringify(cappedPairs(bindingsOf(doc))), [doc]);
  const want = useMemo<LiveWant | null>(() => {
    const pairs = JSON.parse(key) as { device_id: number; tag_id: number }[];
    return enabled && pairs.length > 0 ? { pairs } : null;
  }, [key, enabled]);
  const onAct = useCallback(
    (m: LiveActMessage) => {
      const online = onlineOf(m);
      if (online !== undefined) access.setOnline(m.device_id, online);
    },
    [access],
  );
  useLiveWant(want, onAct);

  const store = useCallback((deviceId: number) => tab.values(deviceId), [tab]);
  return useMemo(() => (enabled ? { store, devices: access, clock } : null), [enabled, store, access, clock]);
}

const NONE: ReadonlyMap<string, LiveCell> = new Map();
const noop = () => undefined;

/**
 * The cells of `refs` (distinct pairs) by tagKey; re-renders the caller only when one of them
 * changes (its value, its device's access, or its staleness).
 */
export function useCells(
  live: ScreenLive | null,
  refs: readonly ScreenTagRef[],
): ReadonlyMap<string, LiveCell> {
  const key = refs.map((r) => `${r.deviceId}:${r.tagId}`).join(',');
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const stable = useMemo(() => refs, [key]);
  const last = useRef<ReadonlyMap<string, LiveCell> | undefined>(undefined);
  const subscribe = useCallback(
    (cb: () => void) => (live && stable.length > 0 ? subscribeCells(live, stable, cb) : noop),
    [live, stable],
  );
  const snapshot = useCallback(() => {
    if (!live || stable.length === 0) return NONE;
    last.current = cellsOf(live, stable, last.current);
    return last.current;
  }, [live, stable]);
  return useSyncExternalStore(subscribe, snapshot);
}

/**
 * A painted widget's value (value-paint.ts) written into its body inside `box` on each change of
 * its cell, in the store's notification (no React render); the caller re-renders only when the
 * cell's quality changes (its badge and outline are React's). Nothing while `live` is null. The
 * body's nodes are found again after each render of the caller (a phone's flow re-parents the box).
 */
export function usePaintedCell(
  live: ScreenLive | null,
  widget: ScreenWidget,
  box: RefObject<HTMLElement | null>,
): void {
  const ref = widget.binding;
  const [quality, setQuality] = useState<LiveQuality | undefined>(() =>
    live && ref ? cellOf(live, ref).quality : undefined,
  );
  // What the last render showed: React is asked to render only when it differs.
  const shown = useRef(quality);
  shown.current = quality;
  const painter = useRef<Painter | null>(null);
  useLayoutEffect(() => {
    const root = box.current;
    painter.current = live && root && isPainted(widget) ? painterFor(widget, root) : null;
  });
  useLayoutEffect(() => {
    if (!live || !ref) return;
    const update = () => {
      const cell = cellOf(live, ref);
      painter.current?.(cell);
      if (cell.quality !== shown.current) {
        shown.current = cell.quality;
        setQuality(cell.quality);
      }
    };
    update();
    return subscribeCells(live, [ref], update);
  }, [live, ref]);
}

import { describe, expect, it, vi } from 'vitest';
import { LiveValueStore } from '../live/index.ts';
import { cellQuality, cellValue, deviceAccess, liveCell, sameCell, STALE_AFTER_MS } from './quality.ts';
import { cellsOf, DeviceAccessStore, StaleClock, subscribeCells, type ScreenLive } from './screen-live.ts';

describe('deviceAccess', () => {
  it('is denied for a device the caller may not read, or without the monitor permission', () => {
    expect(deviceAccess({ online: 1, visible: false }, true)).toBe('denied');
    expect(deviceAccess({ online: 1, visible: true }, false)).toBe('denied');
    expect(deviceAccess(undefined, true)).toBe('denied');
  });
  it('is the online state otherwise', () => {
    expect(deviceAccess({ online: 1, visible: true }, true)).toBe('online');
    expect(deviceAccess({ online: 0, visible: true }, true)).toBe('offline');
  });
});

describe('cellQuality', () => {
  const now = 1_000_000;
  it.each([
    ['denied', 'denied', now, 'denied'],
    ['offline', 'offline', now, 'offline'],
    ['online without a value', 'online', undefined, 'none'],
    ['online, a fresh value', 'online', now - 1000, 'good'],
    ['online, a value just a minute old', 'online', now - STALE_AFTER_MS, 'good'],
    ['online, an older value', 'online', now - STALE_AFTER_MS - 1, 'stale'],
  ] as const)('%s -> %s', (_, access, receivedAt, quality) => {
    expect(cellQuality(access, receivedAt, now)).toBe(quality);
  });
});

describe('liveCell', () => {
  const last = { value: true, ts: 5, receivedAt: 100 };
  it('keeps the last value of an offline device, greyed by its quality', () => {
    expect(liveCell('offline', last, 200)).toEqual({ value: 1, quality: 'offline', ts: 5 });
  });
  it('hides the value of a denied device', () => {
    expect(liveCell('denied', last, 200)).toEqual({ value: null, quality: 'denied' });
  });
  it('has no value before one came', () => {
    expect(liveCell('online', undefined, 200)).toEqual({ value: null, quality: 'none' });
  });
  it('maps booleans to 0/1 and leaves text', () => {
    expect(cellValue(false)).toBe(0);
    expect(cellValue('RUN')).toBe('RUN');
    expect(cellValue(null)).toBeNull();
  });
  it('compares cells by what they draw', () => {
    expect(sameCell({ value: 1, quality: 'good', ts: 1 }, { value: 1, quality: 'good', ts: 1 })).toBe(true);
    expect(sameCell({ value: 1, quality: 'good', ts: 1 }, { value: 1, quality: 'stale', ts: 1 })).toBe(false);
    expect(sameCell(undefined, { value: 1, quality: 'good' })).toBe(false);
  });
});

/** A live model over real stores and a clock the test moves. */
function model(now: { t: number }) {
  const stores = new Map<number, LiveValueStore>();
  const store = (id: number) => {
    let s = stores.get(id);
    if (!s) stores.set(id, (s = new LiveValueStore()));
    return s;
  };
  const devices = new DeviceAccessStore(
    [
      { id: 1, online: 1, visible: true },
      { id: 2, online: 1, visible: false },
    ],
    true,
  );
  const clock = new StaleClock(1000, () => now.t);
  const live: ScreenLive = { store, devices, clock };
  return { live, store, devices };
}

describe('the screen live model', () => {
  it('tells a widget of its own tag only, and keeps its cells while nothing it reads moved', () => {
    vi.useFakeTimers();
    const now = { t: 10_000 };
    const { live, store } = model(now);
    const refs = [{ deviceId: 1, tagId: 7 }];
    const heard = vi.fn();
    const off = subscribeCells(live, refs, heard);
    let cells = cellsOf(live, refs, undefined);
    expect(cells.get('1:7')).toEqual({ value: null, quality: 'none' });

    store(1).put([{ tag_id: 8, ts: 1, value: 5 }], now.t);
    expect(heard).not.toHaveBeenCalled();
    expect(cellsOf(live, refs, cells)).toBe(cells);

    store(1).put([{ tag_id: 7, ts: 2, value: 42 }], now.t);
    expect(heard).toHaveBeenCalledTimes(1);
    cells = cellsOf(live, refs, cells);
    expect(cells.get('1:7')).toEqual({ value: 42, quality: 'good', ts: 2 });

    // The clock ticks: the cell turns stale without a new value.
    now.t += STALE_AFTER_MS + 1;
    vi.advanceTimersByTime(1000);
    const later = cellsOf(live, refs, cells);
    expect(later).not.toBe(cells);
    expect(later.get('1:7')?.quality).toBe('stale');
    off();
    vi.useRealTimers();
  });

  it('follows online acts and refuses devices the caller may not read', () => {
    const { live, devices, store } = model({ t: 0 });
    const refs = [
      { deviceId: 1, tagId: 1 },
      { deviceId: 2, tagId: 1 },
    ];
    store(2).put([{ tag_id: 1, ts: 1, value: 9 }], 0);
    const heard = vi.fn();
    const off = subscribeCells(live, refs, heard);
    expect(cellsOf(live, refs, undefined).get('2:1')?.quality).toBe('denied');
    devices.setOnline(1, 0);
    expect(heard).toHaveBeenCalledTimes(1);
    expect(cellsOf(live, refs, undefined).get('1:1')?.quality).toBe('offline');
    devices.setOnline(1, 0);
    expect(heard).toHaveBeenCalledTimes(1);
    devices.reset([{ id: 1, online: 1, visible: true }], false);
    expect(heard).toHaveBeenCalledTimes(2);
    expect(cellsOf(live, refs, undefined).get('1:1')?.quality).toBe('denied');
    off();
  });
});

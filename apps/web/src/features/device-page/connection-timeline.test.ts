import { describe, expect, it } from 'vitest';
import type { DeviceConnectionEvent } from '@hmi/domain';
import { durationParts, onlineShare, reasonKey, timelineOf } from './connection-timeline.ts';

const ev = (online: number, at: number, reason: DeviceConnectionEvent['reason'] = 'state') => ({
  id: at,
  device_id: 1,
  online,
  reason,
  at,
});

describe('timelineOf', () => {
  it('gives each state the time until the next change; the newest lasts until now', () => {
    const list = [ev(1, 9_000), ev(0, 5_000, 'will'), ev(1, 1_000)];
    expect(timelineOf(list, 10_000).map((e) => [e.event.at, e.lasted, e.ongoing])).toEqual([
      [9_000, 1_000, true],
      [5_000, 4_000, false],
      [1_000, 4_000, false],
    ]);
    // A clock behind the newest event never gives a negative duration.
    expect(timelineOf([ev(1, 9_000)], 8_000)[0]!.lasted).toBe(0);
    expect(timelineOf([], 1)).toEqual([]);
  });
});

describe('reasonKey', () => {
  it('names the text of the change', () => {
    expect(reasonKey(ev(1, 0))).toBe('reason.online');
    expect(reasonKey(ev(1, 0, 'bound'))).toBe('reason.bound');
    expect(reasonKey(ev(0, 0, 'keepalive_timeout'))).toBe('reason.offline.keepalive_timeout');
  });
});

describe('durationParts', () => {
  it.each([
    [0, [['s', 0]]],
    [999, [['s', 0]]],
    [45_000, [['s', 45]]],
    [
      5 * 60_000 + 12_000,
      [
        ['min', 5],
        ['s', 12],
      ],
    ],
    [3_600_000, [['h', 1]]],
    [3_600_000 + 59_000, [['h', 1]]],
    [
      2 * 86_400_000 + 3 * 3_600_000 + 7 * 60_000,
      [
        ['d', 2],
        ['h', 3],
      ],
    ],
    [86_400_000 + 5 * 60_000, [['d', 1]]],
  ])('%i ms -> %j', (ms, parts) => {
    expect(durationParts(ms).map((p) => [p.unit, p.count])).toEqual(parts);
  });
});

describe('onlineShare', () => {
  const share = (...args: Parameters<typeof onlineShare>) => onlineShare(...args)?.share;

  it('adds up the online stretches inside the window', () => {
    // online 0-40, offline 40-70, online 70-now(100)
    const list = [ev(1, 70), ev(0, 40), ev(1, 0)];
    expect(share(list, 0, 100)).toBeCloseTo(0.7);
    // Only the window counts: 50-100 holds 30 online.
    expect(share(list, 50, 100)).toBeCloseTo(0.6);
    expect(onlineShare(list, 50, 100)?.from).toBe(50);
  });

  it('infers the state before the oldest event: the opposite of it', () => {
    expect(share([ev(0, 60)], 0, 100)).toBeCloseTo(0.6);
    expect(share([ev(1, 60)], 0, 100)).toBeCloseTo(0.4);
    // Events older than the window decide the state inside it.
    expect(share([ev(1, -50)], 0, 100)).toBe(1);
    expect(share([ev(0, -50), ev(1, -80)], 0, 100)).toBe(0);
  });

  it('starts at the binding: nothing is known before it', () => {
    expect(onlineShare([ev(1, 60, 'bound')], 0, 100)).toEqual({ share: 1, from: 60 });
    expect(share([ev(0, 80), ev(1, 60, 'bound')], 0, 100)).toBeCloseTo(0.5);
    // A binding older than the window: the window.
    expect(onlineShare([ev(0, 80), ev(1, -10, 'bound')], 0, 100)).toEqual({ share: 0.8, from: 0 });
  });

  it('knows nothing without events or time', () => {
    expect(onlineShare([], 0, 100)).toBeNull();
    expect(onlineShare([ev(1, 0)], 100, 100)).toBeNull();
    expect(onlineShare([ev(1, 100, 'bound')], 0, 100)).toBeNull();
  });
});

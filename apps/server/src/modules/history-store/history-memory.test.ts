import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MinuteAcc } from './history-aggregates.ts';
import { PendingHistory } from './history-memory.ts';

/*
 * The pending rollups and last values: folding frames (whose ids arrays a device's frames share
 * while its tags stay the same, the fold's fast path) gives exactly what folding each value on
 * its own gives, across minute changes, tag set changes, discards and the absorb of a failed flush.
 */

const MINUTE = 60_000;

/** What the state says, as plain data. */
function snapshot(state: PendingHistory, deviceIds: number[], tagIds: number[]) {
  const minutes: Record<string, MinuteAcc> = {};
  const lasts: Record<string, unknown> = {};
  for (const d of deviceIds) {
    state.eachMinute(d, new Set(tagIds), 0, Number.MAX_SAFE_INTEGER, (tagId, minute, acc) => {
      minutes[`${d}:${tagId}:${minute}`] = acc;
    });
    for (const [tagId, v] of state.lasts.get(d) ?? []) lasts[`${d}:${tagId}`] = v.value();
  }
  return { minutes, lasts, accs: state.accs };
}

const tagIds = [1, 2, 3, 5, 8];
/** Two shared ids arrays per device, as ingest shares `device.lastIds`. */
const shapes = [
  [1, 2, 3],
  [2, 3, 5, 8],
];

type Step =
  | { kind: 'frame'; device: number; shape: number; ts: number; values: (number | null)[] }
  | { kind: 'discard'; device: number; minute: number }
  | { kind: 'absorb'; device: number; ts: number; value: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record({
      kind: fc.constant('frame' as const),
      device: fc.integer({ min: 1, max: 2 }),
      shape: fc.integer({ min: 0, max: 1 }),
      ts: fc.integer({ min: 0, max: 2 * MINUTE - 1 }),
      values: fc.array(fc.option(fc.integer({ min: -100, max: 100 }), { nil: null }), {
        minLength: 4,
        maxLength: 4,
      }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('discard' as const),
      device: fc.integer({ min: 1, max: 2 }),
      minute: fc.integer({ min: 0, max: 1 }).map((m) => m * MINUTE),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('absorb' as const),
      device: fc.integer({ min: 1, max: 2 }),
      ts: fc.integer({ min: 0, max: 2 * MINUTE - 1 }),
      value: fc.integer({ min: -100, max: 100 }),
    }),
  },
);

describe('pending history', () => {
  it('folds shared-ids frames exactly like single values, across minutes, discards and absorbs', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), (steps) => {
        const fast = new PendingHistory();
        const slow = new PendingHistory();
        const ids = new Map<string, number[]>();
        for (const s of steps) {
          if (s.kind === 'frame') {
            const key = `${s.device}:${s.shape}`;
            if (!ids.has(key)) ids.set(key, [...shapes[s.shape]!]);
            const shared = ids.get(key)!;
            const nums = shared.map((_, i) => s.values[i] ?? null);
            fast.fold(s.device, s.ts, shared, nums, null);
            // The same values one at a time, each with its own ids array.
            shared.forEach((id, i) => slow.fold(s.device, s.ts, [id], [nums[i]!], null));
          } else if (s.kind === 'discard') {
            fast.discard(s.device, tagIds, s.minute, s.minute);
            slow.discard(s.device, tagIds, s.minute, s.minute);
          } else {
            for (const state of [fast, slow]) {
              const failed = new PendingHistory();
              failed.fold(s.device, s.ts, [2], [s.value], null);
              state.absorb(failed);
            }
          }
        }
        expect(snapshot(fast, [1, 2], tagIds)).toEqual(snapshot(slow, [1, 2], tagIds));
      }),
      { numRuns: 300 },
    );
  });

  it('keeps folding into the same last value after a failed flush was absorbed', () => {
    const state = new PendingHistory();
    const ids = [2, 3];
    state.fold(1, 1_000, ids, [1, 1], null);
    const failed = new PendingHistory();
    failed.fold(1, 2_000, [2], [2], null);
    state.absorb(failed);
    state.fold(1, 3_000, ids, [3, 3], null); // the fast path, same ids and minute
    expect(state.lasts.get(1)!.get(2)!.value()).toEqual({ ts: 3_000, num: 3, txt: null });
  });

  it('keeps first, last, min, max and count of a minute, and the newest value', () => {
    const state = new PendingHistory();
    const ids = [7, 9];
    state.fold(1, 10_000, ids, [5, null], null);
    state.fold(1, 5_000, ids, [8, 1], null);
    state.fold(1, 20_000, ids, [-2, null], ['x', null]);
    state.fold(1, 61_000, ids, [4, 4], null);
    const got: Record<string, MinuteAcc> = {};
    state.eachMinute(1, new Set([7]), 0, MINUTE, (tagId, minute, acc) => (got[`${tagId}:${minute}`] = acc));
    expect(got).toEqual({
      '7:0': { n: 3, mn: -2, mx: 8, t0: 5_000, fnum: 8, ftxt: null, t1: 20_000, lnum: -2, ltxt: 'x' },
      '7:60000': { n: 1, mn: 4, mx: 4, t0: 61_000, fnum: 4, ftxt: null, t1: 61_000, lnum: 4, ltxt: null },
    });
    expect(state.lasts.get(1)!.get(9)!.value()).toEqual({ ts: 61_000, num: 4, txt: null });
    expect(state.accs).toBe(4);
  });
});

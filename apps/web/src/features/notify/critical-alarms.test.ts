import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { AlarmLevel, type AlarmRecord } from '@hmi/domain';
import {
  criticalAlarmsReducer,
  MAX_BANNERS,
  noCriticalAlarms,
  type CriticalAlarmAction,
  type CriticalAlarms,
} from './critical-alarms.ts';

const rec = (id: number, state: 1 | 2 | 4 = 1): AlarmRecord => ({
  id,
  device_id: 1,
  device_name: `Dev_${id}`,
  rule_id: 1,
  rule_name: 'r',
  group_id: null,
  group_name: null,
  tag_id: 1,
  tag_name: 't',
  level: AlarmLevel.Critical,
  type: 1,
  state,
  content: '',
  value: '1',
  last_value: '1',
  times: 1,
  raised_at: id,
  acked_at: null,
  acked_by: null,
  ack_comment: null,
  recovered_at: null,
});

const run = (actions: CriticalAlarmAction[], from: CriticalAlarms = noCriticalAlarms) =>
  actions.reduce(criticalAlarmsReducer, from);
const ids = (s: CriticalAlarms) => s.shown.map((r) => r.id);

describe('critical alarm banners', () => {
  it('shows the newest first, at most three, and counts the ones that dropped off', () => {
    const s = run([1, 2, 3, 4, 5].map((id) => ({ type: 'raised', record: rec(id) })));
    expect(ids(s)).toEqual([5, 4, 3]);
    expect(s.hidden).toBe(2);
  });

  it('the same record raised again moves to the top once', () => {
    const s = run([
      { type: 'raised', record: rec(1) },
      { type: 'raised', record: rec(2) },
      { type: 'raised', record: rec(1) },
    ]);
    expect(ids(s)).toEqual([1, 2]);
    expect(s.hidden).toBe(0);
  });

  it('updates a shown record in place and ignores records not shown', () => {
    const s = run([
      { type: 'raised', record: rec(1) },
      { type: 'raised', record: rec(2) },
      { type: 'update', record: rec(1, 2) },
    ]);
    expect(s.shown.map((r) => [r.id, r.state])).toEqual([
      [2, 1],
      [1, 2],
    ]);
    expect(run([{ type: 'update', record: rec(7, 4) }], s)).toBe(s);
  });

  it('follows the record: acknowledged stays, recovered clears the banner (acknowledged or not)', () => {
    const s = run([
      { type: 'raised', record: rec(1) },
      { type: 'raised', record: rec(2) },
      { type: 'update', record: rec(1, 2) },
    ]);
    expect(s.shown.find((r) => r.id === 1)?.state).toBe(2);
    const acked = run(
      [{ type: 'update', record: { ...rec(1, 4), acked_at: 5, acked_by: 'ann', recovered_at: 6 } }],
      s,
    );
    expect(ids(acked)).toEqual([2]);
    const cleared = run([{ type: 'update', record: rec(2, 4) }], acked);
    expect(cleared).toEqual(noCriticalAlarms);
  });

  it('a recovery of the last banner also clears the "more" count', () => {
    const s = run([1, 2, 3, 4].map((id) => ({ type: 'raised', record: rec(id) })));
    expect(s.hidden).toBe(1);
    const left = run(
      [4, 3, 2].map((id) => ({ type: 'update', record: rec(id, 4) })),
      s,
    );
    expect(left).toEqual(noCriticalAlarms);
  });

  it('dismisses one, and all; the "more" count goes with the last banner', () => {
    const s = run([1, 2, 3, 4].map((id) => ({ type: 'raised', record: rec(id) })));
    const one = run([{ type: 'dismiss', id: 3 }], s);
    expect(ids(one)).toEqual([4, 2]);
    expect(one.hidden).toBe(1);
    expect(
      run(
        [
          { type: 'dismiss', id: 4 },
          { type: 'dismiss', id: 2 },
        ],
        one,
      ),
    ).toEqual(noCriticalAlarms);
    expect(run([{ type: 'dismissAll' }], s)).toEqual(noCriticalAlarms);
  });

  it('keeps its invariants for any sequence of events', () => {
    const action = fc.oneof(
      fc.record({ type: fc.constant('raised' as const), id: fc.integer({ min: 1, max: 8 }) }),
      fc.record({ type: fc.constant('update' as const), id: fc.integer({ min: 1, max: 8 }) }),
      fc.record({ type: fc.constant('dismiss' as const), id: fc.integer({ min: 1, max: 8 }) }),
      fc.record({ type: fc.constant('dismissAll' as const) }),
    );
    fc.assert(
      fc.property(fc.array(action, { maxLength: 40 }), (list) => {
        let s = noCriticalAlarms;
        let lastRaised: number | undefined;
        for (const a of list) {
          const mapped: CriticalAlarmAction =
            a.type === 'dismissAll'
              ? a
              : a.type === 'dismiss'
                ? { type: 'dismiss', id: a.id }
                : { type: a.type, record: rec(a.id, a.type === 'update' ? 2 : 1) };
          s = criticalAlarmsReducer(s, mapped);
          if (a.type === 'raised') lastRaised = a.id;
          if (a.type === 'dismissAll' || (a.type === 'dismiss' && a.id === lastRaised))
            lastRaised = undefined;
          expect(s.shown.length).toBeLessThanOrEqual(MAX_BANNERS);
          expect(new Set(ids(s)).size).toBe(s.shown.length);
          expect(s.hidden).toBeGreaterThanOrEqual(0);
          if (s.shown.length === 0) expect(s.hidden).toBe(0);
          // The latest raised record, unless dismissed since, is the top banner.
          if (lastRaised !== undefined) expect(s.shown[0]?.id).toBe(lastRaised);
        }
      }),
    );
  });
});

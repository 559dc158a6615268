import { AlarmType } from '@hmi/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compileCondition,
  step,
  transitionOf,
  Zone,
  zoneOf,
  type OpenState,
  type RuleCondition,
  type Transition,
} from './alarm-state-machine.ts';

const rule = (
  type: number,
  value: string,
  extra: { target?: string; deviation?: string; deadband?: string } = {},
): RuleCondition => {
  const c = compileCondition({
    type,
    value,
    target: extra.target ?? null,
    deviation: extra.deviation ?? null,
    deadband: extra.deadband ?? null,
  });
  if (!c) throw new Error('rule does not compile');
  return c;
};

const { In, Band, Out, None } = Zone;

describe('zoneOf: conditions by type (table)', () => {
  const high = rule(AlarmType.High, '80', { deadband: '5' });
  const highHigh = rule(AlarmType.HighHigh, '100');
  const low = rule(AlarmType.Low, '10', { deadband: '2' });
  const lowLow = rule(AlarmType.LowLow, '-5');
  const large = rule(AlarmType.LargeDeviation, '0', { target: '50', deviation: '10', deadband: '2' });
  const small = rule(AlarmType.SmallDeviation, '0', { target: '50', deviation: '10', deadband: '2' });
  const on = rule(AlarmType.On, '1');
  const off = rule(AlarmType.Off, '0');

  it.each<[string, RuleCondition, unknown, Zone]>([
    ['High at the limit', high, 80, In],
    ['High above', high, 80.5, In],
    ['High just below (deadband)', high, 79.9, Band],
    ['High at limit - deadband (deadband)', high, 75, Band],
    ['High below limit - deadband', high, 74.99, Out],
    ['HighHigh without deadband below', highHigh, 99.999, Out],
    ['HighHigh at the limit', highHigh, 100, In],
    ['Low at the limit', low, 10, In],
    ['Low below', low, -3, In],
    ['Low inside the deadband', low, 12, Band],
    ['Low above limit + deadband', low, 12.01, Out],
    ['LowLow negative limit', lowLow, -5, In],
    ['LowLow above', lowLow, -4, Out],
    ['LargeDeviation above target', large, 60.5, In],
    ['LargeDeviation below target', large, 39, In],
    ['LargeDeviation exactly the deviation (deadband)', large, 60, Band],
    ['LargeDeviation inside deviation - deadband', large, 58, Band],
    ['LargeDeviation back', large, 57.9, Out],
    ['SmallDeviation near target', small, 55, In],
    ['SmallDeviation at the deviation (deadband)', small, 40, Band],
    ['SmallDeviation at deviation + deadband (deadband)', small, 62, Band],
    ['SmallDeviation beyond', small, 62.5, Out],
    ['On: 1', on, 1, In],
    ['On: true', on, true, In],
    ['On: 0', on, 0, Out],
    ['On: false', on, false, Out],
    ['On: 2 is no on/off value', on, 2, None],
    ['Off: 0', off, 0, In],
    ['Off: 1', off, 1, Out],
    ['High: numeric text', high, '81', In],
    ['High: decimal text', high, '79.5', Band],
    ['High: null', high, null, None],
    ['High: text', high, 'hot', None],
    ['High: NaN', high, Number.NaN, None],
    ['High: Infinity', high, Number.POSITIVE_INFINITY, None],
    ['High: an object', high, {}, None],
  ])('%s', (_name, c, value, zone) => {
    expect(zoneOf(c, value)).toBe(zone);
  });

  it('ignores the deadband of on/off rules', () => {
    const c = rule(AlarmType.On, '1', { deadband: '5' });
    expect([zoneOf(c, 1), zoneOf(c, 0)]).toEqual([In, Out]);
  });

  it('compares 64-bit integers beyond 2^53 exactly', () => {
    const u64 = rule(AlarmType.High, '18446744073709551615');
    expect(zoneOf(u64, '18446744073709551615')).toBe(In);
    expect(zoneOf(u64, '18446744073709551614')).toBe(Out); // equal as doubles
    const i64 = rule(AlarmType.Low, '-9223372036854775807', { deadband: '1' });
    expect(zoneOf(i64, '-9223372036854775808')).toBe(In);
    expect(zoneOf(i64, '-9223372036854775806')).toBe(Band);
    expect(zoneOf(i64, '-9223372036854775805')).toBe(Out);
    // 2^53 + 1 as a limit: 2^53 (a safe number value) is below it.
    const edge = rule(AlarmType.HighHigh, '9007199254740993');
    expect(zoneOf(edge, 9007199254740992)).toBe(Out);
    expect(zoneOf(edge, '9007199254740993')).toBe(In);
    const dev = rule(AlarmType.LargeDeviation, '0', {
      target: '9223372036854775000',
      deviation: '10',
    });
    expect(zoneOf(dev, '9223372036854775011')).toBe(In);
    expect(zoneOf(dev, '9223372036854775010')).toBe(Band);
    expect(zoneOf(dev, '9223372036854775009')).toBe(Out);
  });

  it('compares a large integer value with a small limit correctly', () => {
    const c = rule(AlarmType.High, '100');
    expect(zoneOf(c, '18446744073709551615')).toBe(In);
    expect(zoneOf(c, '-9223372036854775808')).toBe(Out);
  });

  it('refuses rules whose numbers are not numbers, reads missing ones as 0', () => {
    expect(
      compileCondition({ type: AlarmType.High, value: 'x', target: null, deviation: null, deadband: null }),
    ).toBeNull();
    expect(
      compileCondition({ type: AlarmType.High, value: '1', target: null, deviation: null, deadband: 'wide' }),
    ).toBeNull();
    const c = compileCondition({
      type: AlarmType.High,
      value: '1',
      target: null,
      deviation: null,
      deadband: '',
    });
    expect(c?.deadband).toBe(0);
    expect(
      compileCondition({ type: AlarmType.On, value: '', target: null, deviation: null, deadband: null }),
    ).not.toBeNull();
  });
});

describe('transitions (table)', () => {
  const open = (inCondition: boolean): OpenState => ({ inCondition });
  it.each<[string, OpenState | null, Zone, Transition, OpenState | null]>([
    ['none + In raises', null, In, 'raise', { inCondition: true }],
    ['none + Band stays none', null, Band, 'none', null],
    ['none + Out stays none', null, Out, 'none', null],
    ['none + None stays none', null, None, 'none', null],
    ['open in + In does nothing', open(true), In, 'none', { inCondition: true }],
    ['open in + Band leaves the condition', open(true), Band, 'none', { inCondition: false }],
    ['open left + In repeats', open(false), In, 'repeat', { inCondition: true }],
    ['open left + Band stays', open(false), Band, 'none', { inCondition: false }],
    ['open in + Out recovers', open(true), Out, 'recover', null],
    ['open left + Out recovers', open(false), Out, 'recover', null],
    ['open + None keeps the state', open(false), None, 'none', { inCondition: false }],
  ])('%s', (_name, from, zone, transition, next) => {
    expect(step(from, zone)).toEqual({ transition, next });
    expect(transitionOf(from, zone)).toBe(transition);
  });

  it('a hovering High value: raise once, repeat on re-entry, recover past the deadband', () => {
    const c = rule(AlarmType.High, '80', { deadband: '5' });
    const values = [70, 80, 79, 81, 78, 80, 76, 74, 80];
    let state: OpenState | null = null;
    const seen: Transition[] = [];
    for (const v of values) {
      const r = step(state, zoneOf(c, v));
      seen.push(r.transition);
      state = r.next;
    }
    expect(seen).toEqual(['none', 'raise', 'none', 'repeat', 'none', 'repeat', 'none', 'recover', 'raise']);
  });
});

/** Runs values through one rule; counts transitions and entries into the condition while open. */
function run(c: RuleCondition, values: readonly unknown[]) {
  let state: OpenState | null = null;
  let raises = 0;
  let recovers = 0;
  let times = 0;
  let entries = 0;
  const timesPerRecord: number[] = [];
  let lastDecisive: Zone | null = null;
  let prevIn = false;
  for (const v of values) {
    const zone = zoneOf(c, v);
    const wasOpen = state !== null;
    const { transition, next } = step(state, zone);
    if (transition === 'raise') {
      raises++;
      times = 1;
    } else if (transition === 'repeat') times++;
    else if (transition === 'recover') {
      recovers++;
      timesPerRecord.push(times);
    }
    // An entry into the condition while a record is (or becomes) open.
    if (zone === In && !(wasOpen && prevIn)) entries++;
    if (zone !== None) prevIn = zone === In;
    if (zone === In || zone === Out) lastDecisive = zone;
    if (transition === 'recover') entries = 0;
    state = next;
  }
  return { state, raises, recovers, times, entries, timesPerRecord, lastDecisive };
}

const limitRule = fc
  .record({
    type: fc.constantFrom(AlarmType.High, AlarmType.HighHigh, AlarmType.Low, AlarmType.LowLow),
    limit: fc.integer({ min: -1000, max: 1000 }),
    deadband: fc.integer({ min: 0, max: 50 }),
  })
  .map((r) => rule(r.type, String(r.limit), { deadband: String(r.deadband) }));

const deviationRule = fc
  .record({
    type: fc.constantFrom(AlarmType.LargeDeviation, AlarmType.SmallDeviation),
    target: fc.integer({ min: -1000, max: 1000 }),
    deviation: fc.integer({ min: 0, max: 200 }),
    deadband: fc.integer({ min: 0, max: 50 }),
  })
  .map((r) =>
    rule(r.type, '0', {
      target: String(r.target),
      deviation: String(r.deviation),
      deadband: String(r.deadband),
    }),
  );

const anyRule = fc.oneof(
  limitRule,
  deviationRule,
  fc.constantFrom(rule(AlarmType.On, '1'), rule(AlarmType.Off, '0')),
);
const value = fc.oneof(
  { weight: 8, arbitrary: fc.integer({ min: -1500, max: 1500 }) },
  { weight: 2, arbitrary: fc.double({ min: -1500, max: 1500, noNaN: true }) },
  { weight: 2, arbitrary: fc.constantFrom<unknown>(0, 1, true, false) },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(null, 'text', '', Number.NaN) },
);

describe('state machine (properties)', () => {
  it('ends open iff the last decisive value is in the condition', () => {
    fc.assert(
      fc.property(anyRule, fc.array(value, { maxLength: 60 }), (c, values) => {
        const r = run(c, values);
        expect(r.state !== null).toBe(r.lastDecisive === In);
      }),
    );
  });

  it('raises alternate with recoveries: never two raises without a recovery between', () => {
    fc.assert(
      fc.property(anyRule, fc.array(value, { maxLength: 60 }), (c, values) => {
        const r = run(c, values);
        expect(r.raises - r.recovers).toBe(r.state === null ? 0 : 1);
      }),
    );
  });

  it('times of a record = the entries into the condition while it was open', () => {
    fc.assert(
      fc.property(anyRule, fc.array(value, { maxLength: 60 }), (c, values) => {
        const r = run(c, values);
        if (r.state !== null) expect(r.times).toBe(r.entries);
      }),
    );
  });

  it('a value hovering inside the deadband (never past the recovery line) raises at most once', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(AlarmType.High, AlarmType.Low),
        fc.integer({ min: -500, max: 500 }),
        fc.integer({ min: 1, max: 50 }),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 80 }),
        (type, limit, deadband, fractions) => {
          const c = rule(type, String(limit), { deadband: String(deadband) });
          // Values from limit - deadband to limit + deadband (High), mirrored for Low: they
          // cross the limit back and forth but never leave the deadband.
          const values = fractions.map((f) =>
            type === AlarmType.High
              ? limit - deadband + f * 2 * deadband
              : limit + deadband - f * 2 * deadband,
          );
          const r = run(c, values);
          expect(r.raises).toBeLessThanOrEqual(1);
          expect(r.recovers).toBe(0);
        },
      ),
    );
  });

  it('a deadband of 0 makes High a plain threshold (no Band)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1000, max: 1000 }),
        fc.double({ min: -2000, max: 2000, noNaN: true }),
        (l, v) => {
          const z = zoneOf(rule(AlarmType.High, String(l)), v);
          expect(z).toBe(v >= l ? In : Out);
        },
      ),
    );
  });

  it('integer text and numbers agree within the safe range', () => {
    fc.assert(
      fc.property(limitRule, fc.integer({ min: -1500, max: 1500 }), (c, v) => {
        expect(zoneOf(c, String(v))).toBe(zoneOf(c, v));
      }),
    );
  });

  it('exact comparison near 2^64 agrees with BigInt arithmetic', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }),
        fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }),
        fc.bigInt({ min: 0n, max: 1000n }),
        (limit, v, db) => {
          const c = rule(AlarmType.High, limit.toString(), { deadband: db.toString() });
          const expected = v >= limit ? In : v < limit - db ? Out : Band;
          expect(zoneOf(c, v.toString())).toBe(expected);
        },
      ),
    );
  });
});

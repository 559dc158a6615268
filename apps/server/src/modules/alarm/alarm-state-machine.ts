import { AlarmType } from '@hmi/domain';

/*
 * The alarm state machine of one rule on one device: pure functions, no I/O.
 *
 * A rule's condition sorts every value into a zone:
 *
 * | type                 | In (alarm condition)     | Out (recovered)                     |
 * |----------------------|--------------------------|-------------------------------------|
 * | HighHigh 1, High 2   | value >= limit           | value < limit - deadband            |
 * | LowLow 4, Low 8      | value <= limit           | value > limit + deadband            |
 * | LargeDeviation 16    | |value - target| > dev   | |value - target| < dev - deadband    |
 * | SmallDeviation 32    | |value - target| < dev   | |value - target| > dev + deadband    |
 * | On 128               | value == 1 (true)        | value == 0 (false)                  |
 * | Off 256              | value == 0 (false)       | value == 1 (true)                   |
 *
 * Between the two lies the deadband (Band): it neither raises nor recovers. On/off rules have no
 * deadband. A value the rule cannot read (null, text that is not a number, anything but 0/1 for
 * on/off) is in no zone (None) and changes nothing. 64-bit integers are compared exactly (BigInt)
 * when the value and the rule's numbers are integers and one of them lies beyond 2^53; otherwise
 * as doubles.
 *
 * Transitions, from the open state (no open record, or an open one that remembers whether the
 * last decisive value was in the condition):
 *
 *   no record  + In            -> raise   (new record, times 1)
 *   open       + Out           -> recover (the record closes)
 *   open, left + In            -> repeat  (back in the condition after leaving it inside the
 *                                          deadband: times + 1)
 *   anything else              -> none    (an open record only notes whether it is in the condition)
 *
 * Acknowledging (state 1 -> 2) does not change any of this: an acknowledged record still
 * repeats and recovers.
 */

/** Where a value lies for a rule. */
export const Zone = { None: 0, In: 1, Band: 2, Out: 3 } as const;
export type Zone = (typeof Zone)[keyof typeof Zone];

export type Transition = 'raise' | 'repeat' | 'recover' | 'none';

/** What the engine keeps of an open record between values. */
export interface OpenState {
  /** The last decisive value was in the condition (a record loaded at start counts as in). */
  inCondition: boolean;
}

/** A rule's numbers, parsed once. */
export interface RuleCondition {
  type: number;
  limit: number;
  target: number;
  deviation: number;
  deadband: number;
  /** The same numbers as exact integers when every one the type uses is integer text. */
  exact: { limit: bigint; target: bigint; deviation: bigint; deadband: bigint } | null;
  /** `exact` and one of its numbers lies beyond +-2^53: integer values are compared exactly. */
  wide: boolean;
}

const INTEGER_TEXT = /^[+-]?\d+$/;
const NUMBER_TEXT = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

const isDeviation = (type: number) => type === AlarmType.LargeDeviation || type === AlarmType.SmallDeviation;
const isOnOff = (type: number) => type === AlarmType.On || type === AlarmType.Off;

function parseNumber(text: string | null | undefined): number {
  if (text === null || text === undefined) return 0;
  const t = text.trim();
  if (t === '') return 0;
  return NUMBER_TEXT.test(t) ? Number(t) : Number.NaN;
}

function parseInteger(text: string | null | undefined): bigint | null {
  if (text === null || text === undefined || text.trim() === '') return 0n;
  const t = text.trim();
  return INTEGER_TEXT.test(t) ? BigInt(t) : null;
}

const beyondSafe = (n: bigint) => n > MAX_SAFE || n < -MAX_SAFE;

/**
 * The condition of a rule from its stored text. Missing target/deviation/deadband count as 0; a
 * negative deadband as 0. Returns null when a number the type needs is not a number (such a rule
 * never fires).
 */
export function compileCondition(rule: {
  type: number;
  value: string;
  target: string | null;
  deviation: string | null;
  deadband: string | null;
}): RuleCondition | null {
  const deviation = isDeviation(rule.type);
  const onOff = isOnOff(rule.type);
  const limit = onOff || deviation ? 0 : parseNumber(rule.value);
  const target = deviation ? parseNumber(rule.target) : 0;
  const dev = deviation ? parseNumber(rule.deviation) : 0;
  const deadband = onOff ? 0 : Math.max(0, parseNumber(rule.deadband));
  if (![limit, target, dev, deadband].every(Number.isFinite)) return null;
  if (onOff) {
    return { type: rule.type, limit, target, deviation: dev, deadband, exact: null, wide: false };
  }
  const parts = [
    deviation ? 0n : parseInteger(rule.value),
    deviation ? parseInteger(rule.target) : 0n,
    deviation ? parseInteger(rule.deviation) : 0n,
    parseInteger(rule.deadband),
  ];
  let exact: RuleCondition['exact'] = null;
  if (parts.every((p) => p !== null)) {
    const [l, t, d, db] = parts as bigint[];
    exact = { limit: l!, target: t!, deviation: d!, deadband: db! < 0n ? 0n : db! };
  }
  const wide =
    exact !== null && [exact.limit, exact.target, exact.deviation, exact.deadband].some(beyondSafe);
  return { type: rule.type, limit, target, deviation: dev, deadband, exact, wide };
}

/** The zone of a number (double arithmetic). */
function zoneOfNumber(c: RuleCondition, v: number): Zone {
  switch (c.type) {
    case AlarmType.HighHigh:
    case AlarmType.High:
      return v >= c.limit ? Zone.In : v < c.limit - c.deadband ? Zone.Out : Zone.Band;
    case AlarmType.LowLow:
    case AlarmType.Low:
      return v <= c.limit ? Zone.In : v > c.limit + c.deadband ? Zone.Out : Zone.Band;
    case AlarmType.LargeDeviation: {
      const a = Math.abs(v - c.target);
      return a > c.deviation ? Zone.In : a < c.deviation - c.deadband ? Zone.Out : Zone.Band;
    }
    case AlarmType.SmallDeviation: {
      const a = Math.abs(v - c.target);
      return a < c.deviation ? Zone.In : a > c.deviation + c.deadband ? Zone.Out : Zone.Band;
    }
    case AlarmType.On:
      return v === 1 ? Zone.In : v === 0 ? Zone.Out : Zone.None;
    case AlarmType.Off:
      return v === 0 ? Zone.In : v === 1 ? Zone.Out : Zone.None;
    default:
      return Zone.None;
  }
}

/** The zone of an integer (exact arithmetic; only for limit and deviation rules with `exact`). */
function zoneOfInteger(c: RuleCondition, v: bigint): Zone {
  const e = c.exact!;
  switch (c.type) {
    case AlarmType.HighHigh:
    case AlarmType.High:
      return v >= e.limit ? Zone.In : v < e.limit - e.deadband ? Zone.Out : Zone.Band;
    case AlarmType.LowLow:
    case AlarmType.Low:
      return v <= e.limit ? Zone.In : v > e.limit + e.deadband ? Zone.Out : Zone.Band;
    case AlarmType.LargeDeviation: {
      const d = v - e.target;
      const a = d < 0n ? -d : d;
      return a > e.deviation ? Zone.In : a < e.deviation - e.deadband ? Zone.Out : Zone.Band;
    }
    case AlarmType.SmallDeviation: {
      const d = v - e.target;
      const a = d < 0n ? -d : d;
      return a < e.deviation ? Zone.In : a > e.deviation + e.deadband ? Zone.Out : Zone.Band;
    }
    default:
      return Zone.None;
  }
}

/**
 * The zone of a reported value: numbers, booleans (true 1, false 0) and numeric text (64-bit
 * integers beyond 2^53 arrive as decimal text). Anything else is None.
 */
export function zoneOf(c: RuleCondition, value: unknown): Zone {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return Zone.None;
    if (c.wide && Number.isInteger(value)) return zoneOfInteger(c, BigInt(value));
    return zoneOfNumber(c, value);
  }
  if (typeof value === 'boolean') return zoneOfNumber(c, value ? 1 : 0);
  if (typeof value === 'string') {
    if (INTEGER_TEXT.test(value)) {
      const n = Number(value);
      if (c.exact !== null && (c.wide || !Number.isSafeInteger(n))) return zoneOfInteger(c, BigInt(value));
      return zoneOfNumber(c, n);
    }
    return NUMBER_TEXT.test(value) ? zoneOfNumber(c, Number(value)) : Zone.None;
  }
  return Zone.None;
}

/** The transition a value of `zone` causes from the open state (null: no open record). */
export function transitionOf(open: OpenState | null, zone: Zone): Transition {
  if (zone === Zone.None) return 'none';
  if (open === null) return zone === Zone.In ? 'raise' : 'none';
  if (zone === Zone.Out) return 'recover';
  return zone === Zone.In && !open.inCondition ? 'repeat' : 'none';
}

/**
 * One step: the transition and the open state after it (a new object; null when no record is
 * open). The engine applies the same rules in place (`transitionOf`, then `inCondition = zone === In`).
 */
export function step(open: OpenState | null, zone: Zone): { transition: Transition; next: OpenState | null } {
  const transition = transitionOf(open, zone);
  if (transition === 'recover') return { transition, next: null };
  if (transition === 'raise') return { transition, next: { inCondition: true } };
  if (open === null || zone === Zone.None) return { transition, next: open };
  return { transition, next: { inCondition: zone === Zone.In } };
}

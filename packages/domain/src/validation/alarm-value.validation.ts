import { z } from 'zod';
import { tagDataTypeName } from '../constants/tag-types.constants.ts';
import type { TagDataTypeName } from '../constants/tag-types.constants.ts';
import { parseExactInteger } from './integer.validation.ts';
import { invalid, VALID } from './validation-result.ts';
import { numericInput, refineWith } from './zod-glue.ts';
import type { ValidationResult } from './validation-result.ts';
import type { NumericInput } from './zod-glue.ts';

type IntegerTypeName = Exclude<TagDataTypeName, 'REAL' | 'LREAL' | 'STRING'>;

/** Inclusive ranges of the integer tag types, exact as bigint (UINT64 and INT64 exceed 2^53). */
export const integerTagRanges: Readonly<Record<IntegerTypeName, readonly [bigint, bigint]>> = {
  BOOL: [0n, 1n],
  UINT16: [0n, 65_535n],
  UINT32: [0n, 4_294_967_295n],
  UINT64: [0n, 18_446_744_073_709_551_615n],
  INT16: [-32_768n, 32_767n],
  INT32: [-2_147_483_648n, 2_147_483_647n],
  INT64: [-9_223_372_036_854_775_808n, 9_223_372_036_854_775_807n],
};

/**
 * Largest finite REAL (IEEE 754 single precision, FLT_MAX) as the double it converts to exactly.
 * A REAL beyond it cannot be stored in the device's 32-bit register; LREAL is a double.
 */
export const REAL_MAX = 3.4028234663852886e38;

/** Inclusive ranges of the floating-point tag types. */
export const realTagRanges: Readonly<Record<'REAL' | 'LREAL', readonly [number, number]>> = {
  REAL: [-REAL_MAX, REAL_MAX],
  LREAL: [-Number.MAX_VALUE, Number.MAX_VALUE],
};

/** Decimal or scientific notation; no hex, Infinity or NaN. */
const REAL_TEXT = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/** True for a decimal or scientific number string (or finite number) that stays finite as a double. */
export function isRealNumberText(input: NumericInput): boolean {
  if (typeof input === 'number') return Number.isFinite(input);
  if (typeof input === 'bigint') return true;
  const text = input.trim();
  return REAL_TEXT.test(text) && Number.isFinite(Number(text));
}

/**
 * Alarm value against the tag's data type code (SPEC section 5). Integer types must be exact
 * integers within the type's range (failure 'validation.alarm.valueRange' with type, min, max);
 * REAL/LREAL take a decimal or scientific number ('validation.alarm.valueMismatch') within the
 * type's range (REAL is 32-bit: |v| <= REAL_MAX; else 'validation.alarm.realRange' with type,
 * min, max); STRING takes anything; an unknown type code is always invalid.
 */
export function validateAlarmValue(
  value: NumericInput | null | undefined,
  dataType: number,
): ValidationResult {
  const type = tagDataTypeName(dataType);
  if (type === undefined) return invalid('validation.alarm.unknownType');
  if (type === 'STRING') return VALID;
  if (type === 'REAL' || type === 'LREAL') {
    if (value === null || value === undefined || !isRealNumberText(value))
      return invalid('validation.alarm.valueMismatch', { type });
    const [min, max] = realTagRanges[type];
    const n = Number(typeof value === 'string' ? value.trim() : value);
    return n >= min && n <= max
      ? VALID
      : invalid('validation.alarm.realRange', { type, min: String(min), max: String(max) });
  }
  const [min, max] = integerTagRanges[type];
  const n = parseExactInteger(value);
  return n !== undefined && n >= min && n <= max
    ? VALID
    : invalid('validation.alarm.valueRange', { type, min: min.toString(), max: max.toString() });
}

/** Schema of an alarm value for one data type code. */
export function alarmValueSchema(dataType: number) {
  return numericInput.superRefine(refineWith((v) => validateAlarmValue(v, dataType)));
}

/** Alarm value, data type and alarm type together, as an alarm rule form sends them. */
export const alarmValueWithTypeSchema = z
  .object({ dataType: z.number({ error: 'validation.alarm.unknownType' }).int(), alarmValue: numericInput })
  .superRefine((v, ctx) => {
    const r = validateAlarmValue(v.alarmValue, v.dataType);
    if (!r.ok)
      ctx.addIssue({ code: 'custom', message: r.key, params: { ...r.params }, path: ['alarmValue'] });
  });

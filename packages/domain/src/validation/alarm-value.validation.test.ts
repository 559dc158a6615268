import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TagDataType } from '../constants/tag-types.constants.ts';
import type { TagDataTypeName } from '../constants/tag-types.constants.ts';
import {
  alarmValueSchema,
  alarmValueWithTypeSchema,
  integerTagRanges,
  isRealNumberText,
  REAL_MAX,
  validateAlarmValue,
} from './alarm-value.validation.ts';

const UINT64_MAX = '18446744073709551615';
const INT64_MIN = '-9223372036854775808';
const INT64_MAX = '9223372036854775807';

describe('validateAlarmValue', () => {
  it.each<[TagDataTypeName, string | number, boolean]>([
    ['BOOL', '0', true],
    ['BOOL', 1, true],
    ['BOOL', '2', false],
    ['BOOL', '-1', false],
    ['BOOL', 'true', false],
    ['UINT16', '0', true],
    ['UINT16', '65535', true],
    ['UINT16', '65536', false],
    ['UINT16', '-1', false],
    ['UINT16', '1.5', false],
    ['UINT32', '4294967295', true],
    ['UINT32', '4294967296', false],
    ['UINT64', '0', true],
    ['UINT64', UINT64_MAX, true],
    ['UINT64', '18446744073709551616', false],
    ['UINT64', '-1', false],
    ['INT16', '-32768', true],
    ['INT16', '32767', true],
    ['INT16', '-32769', false],
    ['INT16', '32768', false],
    ['INT32', '-2147483648', true],
    ['INT32', '2147483647', true],
    ['INT32', '-2147483649', false],
    ['INT32', '2147483648', false],
    ['INT64', INT64_MIN, true],
    ['INT64', INT64_MAX, true],
    ['INT64', '-9223372036854775809', false],
    ['INT64', '9223372036854775808', false],
    ['INT64', '1e3', false],
    ['REAL', '3.14', true],
    ['REAL', '-0.5', true],
    ['REAL', '.5', true],
    ['REAL', '1.', true],
    ['REAL', '1e10', true],
    ['REAL', '-2.5E-3', true],
    ['REAL', 42, true],
    ['REAL', 'abc', false],
    ['REAL', '1e', false],
    ['REAL', '0x1F', false],
    ['REAL', 'Infinity', false],
    ['REAL', 'NaN', false],
    ['REAL', '', false],
    ['LREAL', '6.02214076e23', true],
    ['LREAL', '1e999', false],
    ['STRING', 'anything at all', true],
    ['STRING', '', true],
  ])('%s %j -> %s', (type, value, ok) => {
    const r = validateAlarmValue(value, TagDataType[type]);
    expect(r.ok).toBe(ok);
    expect(alarmValueSchema(TagDataType[type]).safeParse(value).success).toBe(ok);
  });

  it('integer failures name the type and its exact range', () => {
    expect(validateAlarmValue('65536', TagDataType.UINT16)).toEqual({
      ok: false,
      key: 'validation.alarm.valueRange',
      params: { type: 'UINT16', min: '0', max: '65535' },
    });
    expect(validateAlarmValue('9223372036854775808', TagDataType.INT64)).toMatchObject({
      params: { min: INT64_MIN, max: INT64_MAX },
    });
  });

  it('real failures are value mismatches', () => {
    expect(validateAlarmValue('abc', TagDataType.LREAL)).toEqual({
      ok: false,
      key: 'validation.alarm.valueMismatch',
      params: { type: 'LREAL' },
    });
  });

  it.each([-1, 10, 99])('unknown type %i is invalid', (type) => {
    expect(validateAlarmValue('1', type)).toEqual({
      ok: false,
      key: 'validation.alarm.unknownType',
      params: {},
    });
  });

  it('schema of value with type reports on alarmValue', () => {
    const r = alarmValueWithTypeSchema.safeParse({ dataType: TagDataType.UINT16, alarmValue: '65536' });
    expect(r.error?.issues[0]).toMatchObject({
      message: 'validation.alarm.valueRange',
      path: ['alarmValue'],
    });
  });

  it('isRealNumberText accepts bigint and finite numbers only', () => {
    expect(isRealNumberText(10n)).toBe(true);
    expect(isRealNumberText(Number.NaN)).toBe(false);
  });
});

describe('integer ranges (properties)', () => {
  const types = Object.keys(integerTagRanges) as (keyof typeof integerTagRanges)[];

  it.each(types)('%s: any bigint inside the range is accepted', (type) => {
    const [min, max] = integerTagRanges[type];
    fc.assert(
      fc.property(fc.bigInt({ min, max }), (n) => validateAlarmValue(n.toString(), TagDataType[type]).ok),
    );
  });

  it.each(types)('%s: any bigint outside the range is refused', (type) => {
    const [min, max] = integerTagRanges[type];
    const outside = fc.oneof(
      fc.bigInt({ min: max + 1n, max: max + 2n ** 70n }),
      fc.bigInt({ min: min - 2n ** 70n, max: min - 1n }),
    );
    fc.assert(fc.property(outside, (n) => !validateAlarmValue(n.toString(), TagDataType[type]).ok));
  });

  it('LREAL accepts any finite double written by JavaScript', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (x) => {
        return validateAlarmValue(String(x), TagDataType.LREAL).ok;
      }),
    );
  });

  it('REAL accepts any finite 32-bit float and refuses any double beyond it', () => {
    fc.assert(
      fc.property(fc.float({ noNaN: true, noDefaultInfinity: true }), (x) => {
        return validateAlarmValue(String(x), TagDataType.REAL).ok;
      }),
    );
    const beyond = fc
      .double({ min: REAL_MAX, noNaN: true, noDefaultInfinity: true })
      .filter((x) => x > REAL_MAX)
      .chain((x) => fc.constantFrom(x, -x));
    fc.assert(fc.property(beyond, (x) => !validateAlarmValue(String(x), TagDataType.REAL).ok));
  });
});

describe('REAL and LREAL ranges at the edges', () => {
  /** The next double above REAL_MAX (one unit in the last place of a double). */
  const aboveRealMax = 3.402823466385289e38;
  it.each<['REAL' | 'LREAL', string | number, boolean]>([
    ['REAL', REAL_MAX, true],
    ['REAL', -REAL_MAX, true],
    ['REAL', '3.4028234663852886e38', true],
    ['REAL', '-3.4028234663852886E+38', true],
    ['REAL', ' 3.4028234663852886e38 ', true],
    ['REAL', aboveRealMax, false],
    ['REAL', -aboveRealMax, false],
    ['REAL', '3.402823466385289e38', false],
    ['REAL', '3.4028235e38', false],
    ['REAL', '1e39', false],
    ['REAL', '1e40', false],
    ['REAL', '-1e40', false],
    ['REAL', '1.4e-45', true],
    ['REAL', '1e-50', true],
    ['REAL', '0', true],
    ['REAL', '-0', true],
    ['REAL', Number.NaN, false],
    ['REAL', Number.POSITIVE_INFINITY, false],
    ['REAL', Number.NEGATIVE_INFINITY, false],
    ['REAL', 'NaN', false],
    ['REAL', 'Infinity', false],
    ['REAL', '-Infinity', false],
    ['LREAL', '1e40', true],
    ['LREAL', Number.MAX_VALUE, true],
    ['LREAL', -Number.MAX_VALUE, true],
    ['LREAL', '1.7976931348623157e308', true],
    ['LREAL', '1.7976931348623159e308', false],
    ['LREAL', '-1e309', false],
    ['LREAL', Number.NaN, false],
    ['LREAL', Number.POSITIVE_INFINITY, false],
    ['LREAL', 'Infinity', false],
    ['LREAL', '5e-324', true],
  ])('%s %j -> %s', (type, value, ok) => {
    expect(validateAlarmValue(value, TagDataType[type]).ok).toBe(ok);
    expect(alarmValueSchema(TagDataType[type]).safeParse(value).success).toBe(ok);
  });

  it('a REAL beyond its range names the type and the range, not a mismatch', () => {
    expect(validateAlarmValue('1e40', TagDataType.REAL)).toEqual({
      ok: false,
      key: 'validation.alarm.realRange',
      params: { type: 'REAL', min: '-3.4028234663852886e+38', max: '3.4028234663852886e+38' },
    });
    expect(validateAlarmValue('NaN', TagDataType.REAL)).toMatchObject({
      key: 'validation.alarm.valueMismatch',
    });
  });
});

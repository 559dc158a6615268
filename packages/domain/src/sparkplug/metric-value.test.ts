import { describe, expect, it } from 'vitest';
import { DataType as T } from './data-types.ts';
import { toMetricValue, type SpbValue } from './metric-value.ts';
import { SpbError } from './spb-error.ts';

describe('toMetricValue', () => {
  it.each<[number, unknown, SpbValue]>([
    [T.Int8, -128, -128],
    [T.Int8, 127, 127],
    [T.Int16, -32768, -32768],
    [T.Int32, 2147483647, 2147483647],
    [T.UInt8, 255, 255],
    [T.UInt16, 65535, 65535],
    [T.UInt32, 4294967295, 4294967295],
    [T.Int64, '-9223372036854775808', '-9223372036854775808'],
    [T.Int64, '9223372036854775807', '9223372036854775807'],
    [T.Int64, -42, '-42'],
    [T.Int64, '-0012', '-12'],
    [T.UInt64, '18446744073709551615', '18446744073709551615'],
    [T.UInt64, '9007199254740993', '9007199254740993'],
    [T.UInt64, 9007199254740991, '9007199254740991'],
    [T.Float, 1.5, 1.5],
    [T.Double, -1e300, -1e300],
    [T.Boolean, true, true],
    [T.Boolean, false, false],
    [T.Boolean, 1, true],
    [T.Boolean, 0, false],
    [T.String, 'déjà vu', 'déjà vu'],
    [T.Text, 'x'.repeat(100_000), 'x'.repeat(100_000)],
    [T.UUID, '123e4567-e89b-12d3-a456-426614174000', '123e4567-e89b-12d3-a456-426614174000'],
    [T.DateTime, 1700000000000, 1700000000000],
    [T.DateTime, '1700000000000', 1700000000000],
  ])('type %i takes %j as %j', (datatype, value, expected) => {
    expect(toMetricValue(datatype, value)).toBe(expected);
  });

  it.each<[number, unknown, string]>([
    [T.Int8, 128, 'Int8 value 128 does not fit: an integer from -128 to 127 expected'],
    [T.Int8, -129, 'Int8 value -129 does not fit: an integer from -128 to 127 expected'],
    [T.Int16, 40000, 'Int16 value 40000 does not fit: an integer from -32768 to 32767 expected'],
    [T.Int32, 1.5, 'Int32 value 1.5 does not fit: an integer from -2147483648 to 2147483647 expected'],
    [T.Int32, NaN, 'Int32 value NaN does not fit: an integer from -2147483648 to 2147483647 expected'],
    [T.UInt8, 256, 'UInt8 value 256 does not fit: an integer from 0 to 255 expected'],
    [T.UInt16, -1, 'UInt16 value -1 does not fit: an integer from 0 to 65535 expected'],
    [T.UInt32, 4294967296, 'UInt32 value 4294967296 does not fit: an integer from 0 to 4294967295 expected'],
    [T.UInt32, '7', 'UInt32 value "7" does not fit: an integer from 0 to 4294967295 expected'],
    [
      T.Int64,
      '9223372036854775808',
      'Int64 value "9223372036854775808" does not fit: not an integer within 64 bits',
    ],
    [T.Int64, 2 ** 60, 'Int64 value 1152921504606847000 does not fit: beyond 2^53 write it as decimal text'],
    [T.Int64, '1.5', 'Int64 value "1.5" does not fit: not an integer within 64 bits'],
    [T.UInt64, -1, 'UInt64 value -1 does not fit: negative'],
    [T.UInt64, '-1', 'UInt64 value "-1" does not fit: not an integer within 64 bits'],
    [
      T.UInt64,
      '18446744073709551616',
      'UInt64 value "18446744073709551616" does not fit: not an integer within 64 bits',
    ],
    [T.Float, 1e39, 'Float value 1e+39 does not fit: beyond float32 range'],
    [T.Float, NaN, 'Float value NaN does not fit: a finite number expected'],
    [T.Double, Infinity, 'Double value Infinity does not fit: a finite number expected'],
    [T.Double, '2', 'Double value "2" does not fit: a finite number expected'],
    [T.Boolean, 2, 'Boolean value 2 does not fit: true, false, 0 or 1 expected'],
    [T.Boolean, 'true', 'Boolean value "true" does not fit: true, false, 0 or 1 expected'],
    [T.String, 5, 'String value 5 does not fit: a string expected'],
    [T.DateTime, -5, 'DateTime value -5 does not fit: ms since the epoch expected'],
    [T.Int32, null, 'Int32 value null does not fit: an integer from -2147483648 to 2147483647 expected'],
    [T.String, undefined, 'String value undefined does not fit: a string expected'],
  ])('type %i refuses %j', (datatype, value, message) => {
    expect(() => toMetricValue(datatype, value)).toThrow(new SpbError(message));
  });

  it.each([T.DataSet, T.Template, T.Bytes, T.BooleanArray, 0, 99])(
    'refuses unsupported type %i',
    (datatype) => {
      expect(() => toMetricValue(datatype, 1)).toThrow(SpbError);
      expect(() => toMetricValue(datatype, 1)).toThrow(/not supported; supported types: Int8, .*, UUID$/);
    },
  );
});

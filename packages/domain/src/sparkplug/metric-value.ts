import { DataType, dataTypeName, isSupportedDataType, supportedTypeList } from './data-types.ts';
import type { WireLong, WireValue } from './sparkplug-proto.ts';
import { SpbError } from './spb-error.ts';

/**
 * A metric's value as this cloud handles it. Int64 and UInt64 are exact decimal text (never a
 * lossy number); DateTime is a number of ms; null when the metric is null or carries no value.
 */
export type SpbValue = boolean | number | string | null;

const TWO_32 = 4294967296;
/** Above this high word a uint64 no longer fits a safe integer (2^53 = 2^21 * 2^32). */
const SAFE_HIGH = 0x200000;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const UINT64_MAX = 2n ** 64n - 1n;
/** Optional minus and at most 20 digits: longer text is out of range anyway, and BigInt stays cheap. */
const DECIMAL = /^-?\d{1,20}$/;

/** Range of each integer type carried in int_value, by type number. */
const intRanges = new Map<number, readonly [min: number, max: number]>([
  [DataType.Int8, [-128, 127]],
  [DataType.Int16, [-32768, 32767]],
  [DataType.Int32, [-2147483648, 2147483647]],
  [DataType.UInt8, [0, 255]],
  [DataType.UInt16, [0, 65535]],
  [DataType.UInt32, [0, 4294967295]],
]);

/** A uint64 as a number: exact below 2^53, which is all a timestamp or a seq needs. */
export function longToNumber(v: WireLong | number): number {
  return typeof v === 'number' ? v : (v.high >>> 0) * TWO_32 + (v.low >>> 0);
}

/** A uint64 as exact decimal text. */
export function unsignedText(v: WireLong | number): string {
  if (typeof v === 'number') return String(v);
  const high = v.high >>> 0;
  if (high < SAFE_HIGH) return String(high * TWO_32 + (v.low >>> 0));
  return ((BigInt(high) << 32n) | BigInt(v.low >>> 0)).toString();
}

/** A uint64 holding an Int64 in two's complement, as exact signed decimal text. */
function signedText(v: WireLong | number): string {
  if (typeof v === 'number') return String(v);
  const high = v.high | 0;
  if (high >= -SAFE_HIGH && high < SAFE_HIGH) return String(high * TWO_32 + (v.low >>> 0));
  return BigInt.asIntN(64, (BigInt(v.high >>> 0) << 32n) | BigInt(v.low >>> 0)).toString();
}

/** The 64 bits of decimal text (two's complement when negative); null when not decimal or out of range. */
export function decimalToLong(text: string, signed: boolean): WireLong | null {
  if (!DECIMAL.test(text)) return null;
  const n = BigInt(text);
  if (signed ? n < INT64_MIN || n > INT64_MAX : n < 0n || n > UINT64_MAX) return null;
  const bits = BigInt.asUintN(64, n);
  return { low: Number(bits & 0xffffffffn) | 0, high: Number(bits >> 32n) | 0 };
}

/**
 * An int_value (uint32) back to its type: signed types sign-extend from their width. Senders
 * differ (Tahu's Python writes Int8 -1 as 255, its Java as 4294967295): both come back as -1.
 */
function narrowInt(datatype: number, v: number): number {
  switch (datatype) {
    case DataType.Int8:
      return (v << 24) >> 24;
    case DataType.Int16:
      return (v << 16) >> 16;
    case DataType.Int32:
      return v | 0;
    case DataType.UInt8:
      return v & 0xff;
    case DataType.UInt16:
      return v & 0xffff;
    default:
      return v >>> 0;
  }
}

/**
 * The value of a decoded Metric or PropertyValue of a supported type; null when it has no value
 * field; undefined when the field present does not fit the type (the caller reports it). Lenient
 * where nothing is lost: 32-bit types from long_value (old Tahu JavaScript sends UInt32 there),
 * 64-bit types from int_value, Float and Double from either float field.
 */
export function readValue(datatype: number, w: WireValue): SpbValue | undefined {
  switch (datatype) {
    case DataType.Int8:
    case DataType.Int16:
    case DataType.Int32:
    case DataType.UInt8:
    case DataType.UInt16:
    case DataType.UInt32:
      if (w.intValue !== undefined) return narrowInt(datatype, w.intValue);
      if (w.longValue !== undefined) return narrowInt(datatype, low32(w.longValue));
      break;
    case DataType.Int64:
    case DataType.UInt64:
    case DataType.DateTime:
      if (w.longValue !== undefined) {
        const v = w.longValue;
        if (datatype === DataType.Int64) return signedText(v);
        return datatype === DataType.UInt64 ? unsignedText(v) : longToNumber(v);
      }
      if (w.intValue !== undefined) return datatype === DataType.DateTime ? w.intValue : String(w.intValue);
      break;
    case DataType.Float:
    case DataType.Double:
      if (w.floatValue !== undefined) return w.floatValue;
      if (w.doubleValue !== undefined) return w.doubleValue;
      break;
    case DataType.Boolean:
      if (w.booleanValue !== undefined) return w.booleanValue;
      break;
    default:
      if (w.stringValue !== undefined) return w.stringValue;
  }
  return valueField(w) === undefined ? null : undefined;
}

/** The value as the wire has it, for a metric whose type is not known: unsigned, 64-bit as text. */
export function readRawValue(w: WireValue): SpbValue {
  if (w.intValue !== undefined) return w.intValue;
  if (w.longValue !== undefined) return unsignedText(w.longValue);
  if (w.floatValue !== undefined) return w.floatValue;
  if (w.doubleValue !== undefined) return w.doubleValue;
  if (w.booleanValue !== undefined) return w.booleanValue;
  if (w.stringValue !== undefined) return w.stringValue;
  return null;
}

const valueFields = [
  'intValue',
  'longValue',
  'floatValue',
  'doubleValue',
  'booleanValue',
  'stringValue',
  'bytesValue',
  'datasetValue',
  'templateValue',
  'propertysetValue',
  'propertysetsValue',
  'extensionValue',
];

/** Name of the value field present (e.g. 'stringValue'), if any. */
export function valueField(w: object): string | undefined {
  return valueFields.find((field) => (w as Record<string, unknown>)[field] !== undefined);
}

function low32(v: WireLong | number): number {
  return typeof v === 'number' ? v % TWO_32 : v.low;
}

/**
 * Puts a value of a supported type into its wire field (signed ints as two's complement of their
 * width, per Tahu). Returns an error text (without the metric's name) when the value does not fit.
 */
export function writeValue(datatype: number, value: boolean | number | string, w: WireValue): string | null {
  const range = intRanges.get(datatype);
  if (range) {
    if (typeof value !== 'number' || !Number.isInteger(value) || value < range[0] || value > range[1]) {
      return `${dataTypeName(datatype)} takes an integer from ${range[0]} to ${range[1]}, not ${show(value)}`;
    }
    w.intValue = value < 0 ? value + 2 ** widthOf(datatype) : value;
    return null;
  }
  switch (datatype) {
    case DataType.Int64:
    case DataType.UInt64: {
      const signed = datatype === DataType.Int64;
      const bits = typeof value === 'string' ? decimalToLong(value, signed) : null;
      if (!bits) {
        const sign = signed ? '' : 'non-negative ';
        return `${dataTypeName(datatype)} takes ${sign}decimal text within 64 bits, not ${show(value)}`;
      }
      w.longValue = bits;
      return null;
    }
    case DataType.DateTime:
      if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
        return `DateTime takes ms since the epoch (a non-negative integer), not ${show(value)}`;
      }
      w.longValue = value;
      return null;
    case DataType.Float:
      // NaN and the infinities exist in float32; a finite double beyond its range does not.
      if (typeof value !== 'number' || (Number.isFinite(value) && !Number.isFinite(Math.fround(value)))) {
        return `Float takes a number within float32 range, not ${show(value)}`;
      }
      w.floatValue = value;
      return null;
    case DataType.Double:
      if (typeof value !== 'number') return `Double takes a number, not ${show(value)}`;
      w.doubleValue = value;
      return null;
    case DataType.Boolean:
      if (typeof value !== 'boolean') return `Boolean takes true or false, not ${show(value)}`;
      w.booleanValue = value;
      return null;
    case DataType.String:
    case DataType.Text:
    case DataType.UUID:
      if (typeof value !== 'string') return `${dataTypeName(datatype)} takes a string, not ${show(value)}`;
      w.stringValue = value;
      return null;
    default:
      return unsupportedText(datatype);
  }
}

function widthOf(datatype: number): number {
  return datatype === DataType.Int8 ? 8 : datatype === DataType.Int16 ? 16 : 32;
}

/** 'DataSet (16) is not supported; supported types: Int8, ...'. */
export function unsupportedText(datatype: unknown): string {
  const name = typeof datatype === 'number' ? `${dataTypeName(datatype)} (${datatype})` : show(datatype);
  return `Sparkplug data type ${name} is not supported; supported types: ${supportedTypeList}`;
}

function show(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value) : String(value);
}

/**
 * For commands: a value written by a user (boolean, number, decimal text for 64-bit types and
 * DateTime, 0/1 for Boolean) as the metric type's SpbValue. Throws SpbError naming the type when it
 * does not fit (range, NaN, infinity, fraction for an integer type, null).
 */
export function toMetricValue(datatype: number, value: unknown): SpbValue {
  if (!isSupportedDataType(datatype)) throw new SpbError(unsupportedText(datatype));
  switch (datatype) {
    case DataType.Int64:
    case DataType.UInt64: {
      const signed = datatype === DataType.Int64;
      if (typeof value === 'number') {
        if (!Number.isSafeInteger(value))
          throw misfit(datatype, value, 'beyond 2^53 write it as decimal text');
        if (!signed && value < 0) throw misfit(datatype, value, 'negative');
        return String(value);
      }
      if (typeof value !== 'string' || !decimalToLong(value, signed)) {
        throw misfit(datatype, value, 'not an integer within 64 bits');
      }
      return BigInt(value).toString();
    }
    case DataType.DateTime: {
      const ms = typeof value === 'string' && /^\d{1,16}$/.test(value) ? Number(value) : value;
      if (typeof ms !== 'number' || !Number.isSafeInteger(ms) || ms < 0) {
        throw misfit(datatype, value, 'ms since the epoch expected');
      }
      return ms;
    }
    case DataType.Float:
    case DataType.Double:
      if (typeof value !== 'number' || !Number.isFinite(value))
        throw misfit(datatype, value, 'a finite number expected');
      if (datatype === DataType.Float && !Number.isFinite(Math.fround(value))) {
        throw misfit(datatype, value, 'beyond float32 range');
      }
      return value;
    case DataType.Boolean:
      if (value === 0 || value === 1) return value === 1;
      if (typeof value !== 'boolean') throw misfit(datatype, value, 'true, false, 0 or 1 expected');
      return value;
    case DataType.String:
    case DataType.Text:
    case DataType.UUID:
      if (typeof value !== 'string') throw misfit(datatype, value, 'a string expected');
      return value;
    default: {
      const [min, max] = intRanges.get(datatype)!;
      if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
        throw misfit(datatype, value, `an integer from ${min} to ${max} expected`);
      }
      return value;
    }
  }
}

function misfit(datatype: number, value: unknown, why: string): SpbError {
  return new SpbError(`${dataTypeName(datatype)} value ${show(value)} does not fit: ${why}`);
}

import { integerTagRanges, TagDataType, tagDataTypeName, toWellFormed, type HistoryValue } from '@hmi/domain';

/** A value as stored: `num` for numbers (BOOL 0/1), `txt` for strings and exact 64-bit text. */
export interface StoredValue {
  num: number | null;
  txt: string | null;
}

/** The outcome of checking one reported value against its tag's data type. */
export type EncodeResult = StoredValue | { error: string };

const NULL_VALUE: StoredValue = Object.freeze({ num: null, txt: null });
const INTEGER_TEXT = /^[+-]?\d{1,20}$/;

/** Bounds of the integer types up to 32 bits as doubles (exact), indexed by type code. */
const smallBounds: (readonly [number, number] | undefined)[] = [];
for (const code of [TagDataType.UINT16, TagDataType.UINT32, TagDataType.INT16, TagDataType.INT32]) {
  const [min, max] = integerTagRanges[tagDataTypeName(code) as keyof typeof integerTagRanges];
  smallBounds[code] = [Number(min), Number(max)];
}

/**
 * A STRING value as stored. A PLC string ends at its first NUL (fixed-length string registers
 * are NUL-padded), and PostgreSQL text cannot hold one; a lone surrogate becomes U+FFFD, as UTF-8
 * storage would make it anyway, so the value streamed live is the value read back later.
 */
function storedString(value: string): string {
  const nul = value.indexOf('\u0000');
  return toWellFormed(nul < 0 ? value : value.slice(0, nul));
}

/**
 * Checks a value a device reported for a tag of data type `type` (TagDataType code) and gives
 * its stored form; the error says why it does not fit (wrong JSON type, not an integer, out of
 * the type's range). null is accepted for every type: the device could not read the value.
 * BOOL takes true/false and 0/1; UINT64/INT64 take integers or decimal strings (exact beyond 2^53);
 * a STRING is stored up to its first NUL (storedString).
 */
export function encodeTagValue(type: number, value: unknown): EncodeResult {
  if (value === null) return NULL_VALUE;
  switch (type) {
    case TagDataType.BOOL:
      if (value === true || value === 1) return { num: 1, txt: null };
      if (value === false || value === 0) return { num: 0, txt: null };
      return { error: 'expected BOOL' };
    case TagDataType.UINT16:
    case TagDataType.UINT32:
    case TagDataType.INT16:
    case TagDataType.INT32: {
      const [min, max] = smallBounds[type]!;
      if (typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max)
        return { num: value, txt: null };
      return { error: `expected ${tagDataTypeName(type)}` };
    }
    case TagDataType.UINT64:
    case TagDataType.INT64:
      return encode64(type, value);
    case TagDataType.REAL:
    case TagDataType.LREAL:
      if (typeof value === 'number' && Number.isFinite(value)) return { num: value, txt: null };
      return { error: `expected ${tagDataTypeName(type)}` };
    case TagDataType.STRING:
      if (typeof value === 'string') return { num: null, txt: storedString(value) };
      return { error: 'expected STRING' };
    default:
      return { error: `unknown data type ${type}` };
  }
}

/**
 * The stored `num` of a JSON number reported for a tag of type `type` when it fits (REAL/LREAL:
 * finite; the integer types up to 32 bits: an integer in range; 64-bit: a safe integer in
 * range; BOOL: 0 or 1), else undefined (then `encodeTagValue` tells why). The hot path of ingest:
 * no allocation.
 */
export function numericValue(type: number, value: number): number | undefined {
  switch (type) {
    case TagDataType.REAL:
    case TagDataType.LREAL:
      return Number.isFinite(value) ? value : undefined;
    case TagDataType.UINT16:
    case TagDataType.UINT32:
    case TagDataType.INT16:
    case TagDataType.INT32: {
      const [min, max] = smallBounds[type]!;
      return Number.isInteger(value) && value >= min && value <= max ? value : undefined;
    }
    case TagDataType.BOOL:
      return value === 0 || value === 1 ? value : undefined;
    case TagDataType.UINT64:
      return Number.isSafeInteger(value) && value >= 0 ? value : undefined;
    case TagDataType.INT64:
      return Number.isSafeInteger(value) ? value : undefined;
    default:
      return undefined;
  }
}

function encode64(type: 3 | 6, value: unknown): EncodeResult {
  const name = type === TagDataType.UINT64 ? 'UINT64' : 'INT64';
  const [min, max] = integerTagRanges[name];
  if (typeof value === 'number') {
    if (Number.isSafeInteger(value) && value >= Number(min) && BigInt(value) <= max)
      return { num: value, txt: null };
    return { error: `expected ${name}` };
  }
  if (typeof value === 'string' && INTEGER_TEXT.test(value)) {
    const n = BigInt(value);
    if (n < min || n > max) return { error: `expected ${name}` };
    const num = Number(n);
    // Exact values up to 2^53 live in num alone; beyond, txt keeps the exact digits.
    return Number.isSafeInteger(num) ? { num, txt: null } : { num, txt: n.toString() };
  }
  return { error: `expected ${name}` };
}

/** The value of a stored row: the exact text when there is one, else the number (or null). */
export const decodeStoredValue = (num: number | null, txt: string | null): HistoryValue =>
  txt !== null ? txt : num;

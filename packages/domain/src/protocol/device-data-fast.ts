import type { DataSample, DeviceData } from './device-payloads.ts';
import { MAX_SAMPLES_PER_MESSAGE, MAX_TAG_TEXT_LENGTH } from './payload-limits.ts';

/*
 * The data channel's hot path (docs/benchmarks.md, "Scale-out (issue 27)"). zod's
 * `deviceDataSchema` costs about 25 µs for a 60-value sample (a union tried per value, a regex
 * per key, an object per result), the largest single cost of ingest on the scale-out column.
 * `fastDeviceData` accepts only what the schema accepts as it is, and returns what the schema
 * would return; for anything it is not sure of it returns undefined and the schema decides (and
 * words the error). A property test (device-data-fast.test.ts) holds the two equal: whenever
 * this returns a value, zod succeeds with the same value.
 */

/** Keys of `v`: the tag ids as the schema's TAG_ID_KEY_PATTERN spells them (`0`, or 1-10 digits without a leading 0). */
function isTagIdKey(key: string): boolean {
  const n = key.length;
  if (n === 0 || n > 10) return false;
  const first = key.charCodeAt(0);
  if (first === 48) return n === 1;
  if (first < 49 || first > 57) return false;
  for (let i = 1; i < n; i++) {
    const c = key.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/** A tag value as tagValueSchema takes it unchanged: boolean, finite number, string of at most 4096 units, null. */
function isTagValue(value: unknown): boolean {
  switch (typeof value) {
    case 'number':
      return Number.isFinite(value);
    case 'string':
      return value.length <= MAX_TAG_TEXT_LENGTH;
    case 'boolean':
      return true;
    default:
      return value === null;
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

function fastSample(input: unknown): DataSample | undefined {
  if (!isPlainObject(input)) return undefined;
  const ts = input.ts;
  if (typeof ts !== 'number' || !Number.isSafeInteger(ts) || ts < 0) return undefined;
  const v = input.v;
  if (!isPlainObject(v)) return undefined;
  for (const key in v) {
    if (!Object.prototype.hasOwnProperty.call(v, key)) return undefined;
    if (!isTagIdKey(key) || !isTagValue(v[key])) return undefined;
  }
  // Symbol keys or non-enumerable properties never come out of JSON.parse; leave anything odd to zod.
  if (Object.getOwnPropertySymbols(v).length > 0) return undefined;
  const values = v as DataSample['v'];
  const hist = input.hist;
  if (hist === undefined) return 'hist' in input ? undefined : { ts, v: values };
  return typeof hist === 'boolean' ? { ts, v: values, hist } : undefined;
}

/**
 * A data payload (already JSON-parsed) as `deviceDataSchema.parse` returns it, or undefined
 * when the schema has to decide (it may still accept: undefined is never an answer). Unlike
 * zod it does not copy: each sample's `v` is the input's object, so pass a value of your own
 * (decodeDevicePayload passes its JSON.parse result).
 */
export function fastDeviceData(json: unknown): DeviceData | undefined {
  if (!Array.isArray(json)) return fastSample(json);
  if (json.length < 1 || json.length > MAX_SAMPLES_PER_MESSAGE) return undefined;
  const out: DataSample[] = new Array(json.length);
  for (let i = 0; i < json.length; i++) {
    const s = fastSample(json[i]);
    if (s === undefined) return undefined;
    out[i] = s;
  }
  return out;
}

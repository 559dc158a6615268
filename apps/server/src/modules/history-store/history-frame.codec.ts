/**
 * The stored form of a history frame (migration 0007): the values a device reported for one
 * timestamp in one message, as one row of `history_frames`. This is a storage format: rows
 * written by every earlier version must keep decoding, so change it only by adding forms.
 *
 * `data` is JSON text: a flat array of tag id and value pairs, `[id, value, id, value, ...]`,
 * in ascending tag id order. A value is stored as
 *  - a JSON number: `num` (BOOL 0/1, the integer types up to 2^53, REAL/LREAL), `txt` null;
 *  - `null`: the device reported the value unavailable (`num` and `txt` null);
 *  - a JSON string: a STRING value (`txt`, `num` null);
 *  - a one-element array of decimal digits, `["18446744073709551615"]`: a UINT64/INT64 value
 *    beyond 2^53, exact in `txt`, with `num` its nearest double (as `tag-value.codec.ts`).
 * Numbers are written with JavaScript's shortest round-trip form, so every double reads back
 * bit for bit; the text is plain ASCII for numbers and escaped by JSON for strings (a NUL or a
 * lone surrogate survives PostgreSQL's text type).
 *
 * A second form, BLOB (SQLite only: a PostgreSQL `text` column takes no binary), holds frames
 * whose values are all numbers or null (no `txt`), the common case, about 5 times faster to
 * encode and to read than the JSON text:
 *  - byte 0: 1 (the form), bytes 1-3: the number of values n (unsigned 24-bit, little-endian),
 *    bytes 4-7: 0;
 *  - from byte 8: the n values as little-endian IEEE 754 doubles, NaN for null (ingest refuses
 *    non-finite numbers, so NaN is never a value);
 *  - then the n tag ids (ascending) as unsigned LEB128 varints: the first id, then the
 *    difference to the previous one.
 * Readers tell the forms apart by type: a string is JSON, bytes are the BLOB form, unless they
 * start with `[` (0x5B): bytes holding the JSON text in UTF-8.
 *
 * On PostgreSQL (migration 0022) `data` is `bytea`: the BLOB form for frames of numbers, the JSON
 * text's UTF-8 bytes for the others (`encodeFrameBytes`); the rows written as text before are
 * kept as their bytes. Bytes travel as a binary parameter, so a 60-value frame costs 0.6 µs to
 * encode instead of 7 µs and about a third of the bytes on the wire and in the WAL.
 *
 * `tagset` is a 32-bit hash of the message sample's tag ids (all the keys it sent, in order),
 * part of the key (device_id, ts, tagset): a redelivered message has the same ids and conflicts
 * with its first copy, while two different messages with the same timestamp and different tag
 * sets are both kept. (Two different tag sets of one device and timestamp hashing alike is a
 * 1 in 2^32 chance; the second would be taken for a duplicate.)
 */

import type { FrameData } from '../../db/tables/columns.ts';

export type { FrameData };

/** The decoded values of a frame, in stored order (ascending tag id). */
export interface FrameValues {
  ids: readonly number[];
  nums: readonly (number | null)[];
  /** null when no value has text (every one a number or null). */
  txts: readonly (string | null)[] | null;
}

/** The start of a tag set hash (FNV-1a offset basis). */
export const TAGSET_SEED = 0x811c9dc5 | 0;

/** Adds a tag id to a tag set hash under way (FNV-1a over the ids as 32-bit words). */
export function tagsetAdd(h: number, id: number): number {
  h = Math.imul(h ^ id, 0x01000193);
  // Ids beyond 32 bits (never a real tag, but a device may send any key) mix their high part too.
  return id > 0xffffffff ? Math.imul(h ^ Math.floor(id / 0x100000000), 0x01000193) : h;
}

/** The final tag set of a hash under way (avalanche): a signed 32-bit integer. */
export function tagsetEnd(h: number): number {
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) | 0;
}

/** The tagset of a list of tag ids (in the order given). */
export function tagsetOf(ids: Iterable<number>): number {
  let h = TAGSET_SEED;
  for (const id of ids) h = tagsetAdd(h, id);
  return tagsetEnd(h);
}

/** Encodes values (ascending tag ids) as the JSON text `data` of a frame. */
export function encodeFrame(v: FrameValues): string {
  const { ids, nums, txts } = v;
  const pairs: (number | string | null | [string])[] = new Array(ids.length * 2);
  for (let i = 0, j = 0; i < ids.length; i++, j += 2) {
    pairs[j] = ids[i]!;
    const txt = txts === null ? null : txts[i]!;
    pairs[j + 1] = txt === null ? nums[i]! : nums[i] === null ? txt : [txt];
  }
  // JSON.stringify writes numbers in their shortest round-trip form and escapes strings.
  return JSON.stringify(pairs);
}

/** The BLOB form's first byte. */
const BINARY_FORM = 1;
const MAX_BINARY_VALUES = 0xffffff;
/** Scratch space for encoding (grown when a frame needs more), copied into each result. */
let scratch = new ArrayBuffer(4096);
let scratchF64 = new Float64Array(scratch);
let scratchU8 = new Uint8Array(scratch);

/**
 * Encodes values (ascending tag ids) in the BLOB form when it can hold them (no `txt`), else
 * as JSON text: SQLite's `data` (see the top of this file).
 */
export function encodeFrameBinary(v: FrameValues): FrameData {
  const { ids, nums, txts } = v;
  const n = ids.length;
  if (txts !== null || n > MAX_BINARY_VALUES) return encodeFrame(v);
  const max = 8 + n * 8 + n * 8; // a varint of a safe integer takes at most 8 bytes
  if (max > scratch.byteLength) {
    scratch = new ArrayBuffer(max * 2);
    scratchF64 = new Float64Array(scratch);
    scratchU8 = new Uint8Array(scratch);
  }
  const f64 = scratchF64;
  const u8 = scratchU8;
  f64[0] = 0;
  u8[0] = BINARY_FORM;
  u8[1] = n & 0xff;
  u8[2] = (n >>> 8) & 0xff;
  u8[3] = n >>> 16;
  for (let i = 0; i < n; i++) {
    const num = nums[i]!;
    f64[i + 1] = num === null ? Number.NaN : num;
  }
  let at = 8 + n * 8;
  let previous = 0;
  for (let i = 0; i < n; i++) {
    let d = ids[i]! - previous;
    previous = ids[i]!;
    if (d < 0) return encodeFrame(v); // not ascending: keep the JSON form
    while (d >= 0x80) {
      u8[at++] = (d % 0x80) | 0x80;
      d = Math.floor(d / 0x80);
    }
    u8[at++] = d;
  }
  return Buffer.from(u8.subarray(0, at));
}

/** Calls `each` for every value of a BLOB-form frame (num null for NaN). */
function eachBinaryValue(data: Uint8Array, each: (tagId: number, num: number | null) => void): void {
  if (data[0] !== BINARY_FORM || data.length < 8) throw new Error(`unknown history frame form ${data[0]}`);
  const n = data[1]! | (data[2]! << 8) | (data[3]! << 16);
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  let at = 8 + n * 8;
  if (at > data.length) throw new Error('truncated history frame');
  let id = 0;
  for (let i = 0; i < n; i++) {
    let d = 0;
    let scale = 1;
    for (;;) {
      if (at >= data.length) throw new Error('truncated history frame');
      const b = data[at++]!;
      d += (b & 0x7f) * scale;
      if (b < 0x80) break;
      scale *= 0x80;
    }
    id += d;
    const num = view.getFloat64(8 + i * 8, true);
    each(id, num === num ? num : null);
  }
}

/** PostgreSQL's `data` (bytea): the BLOB form, or the JSON text's UTF-8 bytes. */
export function encodeFrameBytes(v: FrameValues): Uint8Array {
  const data = encodeFrameBinary(v);
  return typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
}

const JSON_BYTES = 0x5b; // '['
const utf8 = new TextDecoder();

/** The JSON text of a frame's `data`, or null for the BLOB form. */
function frameText(data: FrameData): string | null {
  if (typeof data === 'string') return data;
  return data[0] === JSON_BYTES ? utf8.decode(data) : null;
}

/** The raw pairs of a frame's `data` (JSON.parse of it). */
type RawFrame = (number | string | null | [string])[];

/** Decodes a frame's `data` into its values. */
export function decodeFrame(data: FrameData): {
  ids: number[];
  nums: (number | null)[];
  txts: (string | null)[];
} {
  const text = frameText(data);
  if (text === null) {
    const ids: number[] = [];
    const nums: (number | null)[] = [];
    const txts: (string | null)[] = [];
    eachBinaryValue(data as Uint8Array, (id, num) => {
      ids.push(id);
      nums.push(num);
      txts.push(null);
    });
    return { ids, nums, txts };
  }
  const raw = JSON.parse(text) as RawFrame;
  const n = raw.length >> 1;
  const ids = new Array<number>(n);
  const nums = new Array<number | null>(n);
  const txts = new Array<string | null>(n);
  for (let i = 0, j = 0; i < n; i++, j += 2) {
    ids[i] = raw[j] as number;
    const v = raw[j + 1];
    if (typeof v === 'number') {
      nums[i] = v;
      txts[i] = null;
    } else if (v === null || v === undefined) {
      nums[i] = null;
      txts[i] = null;
    } else if (typeof v === 'string') {
      nums[i] = null;
      txts[i] = v;
    } else {
      txts[i] = v[0];
      nums[i] = Number(v[0]);
    }
  }
  return { ids, nums, txts };
}

/**
 * Calls `each` for the values of the wanted tags in a frame's `data`, in stored order
 * (ascending tag id), without building the other values.
 */
export function eachFrameValue(
  data: FrameData,
  wanted: ReadonlySet<number>,
  each: (tagId: number, num: number | null, txt: string | null) => void,
): void {
  const text = frameText(data);
  if (text === null) {
    eachBinaryValue(data as Uint8Array, (id, num) => {
      if (wanted.has(id)) each(id, num, null);
    });
    return;
  }
  const raw = JSON.parse(text) as RawFrame;
  for (let j = 0; j + 1 < raw.length; j += 2) {
    const id = raw[j] as number;
    if (!wanted.has(id)) continue;
    const v = raw[j + 1];
    if (typeof v === 'number') each(id, v, null);
    else if (v === null || v === undefined) each(id, null, null);
    else if (typeof v === 'string') each(id, null, v);
    else each(id, Number(v[0]), v[0]);
  }
}

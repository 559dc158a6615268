import type { WireReader, WireWriter } from './wire-codec.ts';

/**
 * Live frames on the bus's wire (topic `device.data`), in binary: JSON.stringify writes each double
 * in its shortest round-trip form (about 150 ns a value) and every other server parses it back,
 * which was most of the bus's CPU per point for 60-value frames (docs/benchmarks.md, "Scale-out
 * (issue 27)"). An event whose frames are all numbers goes as
 *   u32 deviceId, u32 teamId, u32 frame count, then per frame:
 *   f64 ts, u32 n, n × u32 tag id, n × f64 value (NaN for null: ingest refuses non-finite
 *   numbers, so NaN is never a value);
 * every double arrives bit for bit (also -0). An event with a text value, or an id that does not
 * fit 32 bits (never a real tag), goes as JSON (`encode` says false).
 */

/** The frame shape of `device.data` (modules/history-store/data-frame.ts), as the bus sees it. */
export interface WireFrame {
  ts: number;
  ids: readonly number[];
  nums: readonly (number | null)[];
  txts: readonly (string | null)[] | null;
}

export interface WireDataEvent {
  deviceId: number;
  teamId: number;
  frames: readonly WireFrame[];
}

const isU32 = (v: number) => v >= 0 && v <= 0xffffffff && Number.isInteger(v);

// Scratch for one frame: its ids and values laid out as they go on the wire, copied into the
// message in one go. Typed arrays use the platform's byte order: on a big-endian one (s390x)
// the values are written one by one instead.
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;
let scratch = new ArrayBuffer(64 * 8);
let scratchIds = new Uint32Array(scratch);
let scratchNums = new Float64Array(scratch);

/** Writes the event in binary; false (and nothing usable written) when it must go as JSON. */
export function encodeDataEvent(w: WireWriter, e: WireDataEvent): boolean {
  if (!isU32(e.deviceId) || !isU32(e.teamId)) return false;
  w.u32(e.deviceId);
  w.u32(e.teamId);
  w.u32(e.frames.length);
  for (const f of e.frames) {
    const n = f.ids.length;
    if (f.txts !== null || f.nums.length !== n) return false;
    if (n * 8 > scratch.byteLength) {
      scratch = new ArrayBuffer(n * 16);
      scratchIds = new Uint32Array(scratch);
      scratchNums = new Float64Array(scratch);
    }
    const ids = scratchIds;
    for (let i = 0; i < n; i++) {
      const id = f.ids[i]!;
      ids[i] = id;
      if (ids[i] !== id) return false; // negative, fractional or beyond 32 bits
    }
    w.f64(f.ts);
    w.u32(n);
    if (!LITTLE_ENDIAN) {
      w.u32s(f.ids);
      w.f64s(f.nums);
      continue;
    }
    w.bytes(new Uint8Array(scratch, 0, n * 4));
    const nums = scratchNums;
    for (let i = 0; i < n; i++) {
      const v = f.nums[i]!;
      nums[i] = v === null ? Number.NaN : v;
    }
    w.bytes(new Uint8Array(scratch, 0, n * 8));
  }
  return true;
}

export function decodeDataEvent(r: WireReader): WireDataEvent {
  const deviceId = r.u32();
  const teamId = r.u32();
  const count = r.u32();
  const frames: WireFrame[] = [];
  for (let k = 0; k < count; k++) {
    const ts = r.f64();
    const n = r.u32();
    frames.push({ ts, ids: r.u32s(n), nums: r.f64s(n), txts: null });
  }
  return { deviceId, teamId, frames };
}

/**
 * Live frames on the bus's wire (topic `device.data`). JSON.stringify writes each double in its
 * shortest round-trip form, about 150 ns a value: for a 60-value frame that was most of the bus's
 * CPU per point (docs/benchmarks.md, "Scale-out (issue 27)"). A frame without text values goes as
 * `{ ts, ids, n }`, `n` the values as little-endian IEEE 754 doubles in base64 (NaN for null:
 * ingest refuses non-finite numbers, so NaN is never a value); a frame with text values goes as
 * it is. Every double arrives bit for bit (also -0, which JSON would turn into 0). The tag ids
 * go as `i`, little-endian unsigned 32-bit integers in base64, packed once per ids array (a
 * device's frames share theirs); ids beyond 32 bits (never a real tag) go as the array `ids`.
 */

/** The frame shape of `device.data` (modules/history-store/data-frame.ts), as the bus sees it. */
interface WireFrame {
  ts: number;
  ids: readonly number[];
  nums: readonly (number | null)[];
  txts: readonly (string | null)[] | null;
}

interface PackedFrame {
  ts: number;
  /** The ids packed, or */
  i?: string;
  /** the ids as they are. */
  ids?: readonly number[];
  n: string;
}

let scratch = new Float64Array(64);
let scratchIds = new Uint32Array(64);
const packedIds = new WeakMap<readonly number[], string | null>();

/** The ids in base64 (cached per array), or null when one does not fit 32 bits. */
function packIds(ids: readonly number[]): string | null {
  let packed = packedIds.get(ids);
  if (packed !== undefined) return packed;
  if (ids.length > scratchIds.length) scratchIds = new Uint32Array(ids.length * 2);
  packed = '';
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i]!;
    if (!(id >= 0 && id <= 0xffffffff && Number.isInteger(id))) {
      packed = null;
      break;
    }
    scratchIds[i] = id;
  }
  if (packed !== null) packed = Buffer.from(scratchIds.buffer, 0, ids.length * 4).toString('base64');
  packedIds.set(ids, packed);
  return packed;
}

function unpackIds(f: PackedFrame): readonly number[] {
  if (f.i === undefined) return f.ids ?? [];
  const bytes = Buffer.from(f.i, 'base64');
  const ids = new Array<number>(bytes.length >> 2);
  for (let k = 0; k < ids.length; k++) ids[k] = bytes.readUInt32LE(k * 4);
  return ids;
}

function pack(f: WireFrame): PackedFrame | WireFrame {
  if (f.txts !== null) return { ts: f.ts, ids: f.ids, nums: f.nums, txts: f.txts };
  const count = f.nums.length;
  if (count > scratch.length) scratch = new Float64Array(count * 2);
  for (let i = 0; i < count; i++) {
    const v = f.nums[i]!;
    scratch[i] = v === null ? Number.NaN : v;
  }
  const n = Buffer.from(scratch.buffer, 0, count * 8).toString('base64');
  const i = packIds(f.ids);
  return i === null ? { ts: f.ts, ids: f.ids, n } : { ts: f.ts, i, n };
}

function unpack(f: PackedFrame | WireFrame): WireFrame {
  if (!('n' in f)) return f;
  const bytes = Buffer.from(f.n, 'base64');
  const count = bytes.length >> 3;
  const nums = new Array<number | null>(count);
  for (let i = 0; i < count; i++) {
    const v = bytes.readDoubleLE(i * 8);
    nums[i] = v === v ? v : null;
  }
  return { ts: f.ts, ids: unpackIds(f), nums, txts: null };
}

/** The frames of a data event as they go on the wire. */
export function framesToWire(frames: readonly WireFrame[]): unknown[] {
  return frames.map(pack);
}

/** The frames of a data event from the wire. */
export function framesFromWire(wire: readonly unknown[]): WireFrame[] {
  return (wire as (PackedFrame | WireFrame)[]).map(unpack);
}

import { tagDataTypeName, type DataSample } from '@hmi/domain';
import {
  encodeTagValue,
  numericValue,
  TAGSET_SEED,
  tagsetAdd,
  tagsetEnd,
  tagsetOf,
  type IngestFrame,
} from '../history-store/index.ts';
import { OVER_QUOTA, type DeviceTags } from './device-tags.cache.ts';

/** The frames of one data message and what was dropped from it. */
export interface BuiltMessage {
  frames: IngestFrame[];
  unknownTag: number;
  wrongType: number;
  /** Values of tags beyond the device's TAG allocation (OVER_QUOTA). */
  tagQuota: number;
  /** Why the last value was dropped ('' when none was). */
  reason: string;
}

/**
 * Checks the samples of a device's data message against the device's tags and turns them into
 * history frames, one per sample (`db/history-frame.codec.ts`). Unknown tags and values of the
 * wrong type are dropped and counted, never stored. The tag set is the hash of the sorted ids of
 * every key the sample sent (dropped ones too), so a redelivery after a template change still
 * matches its first copy. Samples of one message with the same timestamp make one frame (the
 * first value of a tag wins; live only when every one of them is live) whose tag set is that of
 * all their keys.
 *
 * This is the hot path of ingest, and frames wait in memory until their batch commits (what
 * survives a young-generation GC costs a copy): no object per value, the stored text is made at
 * commit, a frame with no text values has no `txts`, and a frame with the same tags as the
 * device's previous one shares its `ids` array.
 */
export function buildFrames(device: DeviceTags, samples: readonly DataSample[], fast = true): BuiltMessage {
  const out: BuiltMessage = { frames: [], unknownTag: 0, wrongType: 0, tagQuota: 0, reason: '' };
  const { deviceId, types } = device;
  const bound = device.teamId !== null;
  // Several samples: the frame and the tag ids sent, by timestamp.
  const byTs = samples.length === 1 ? undefined : new Map<number, { at: number; keys: Set<number> }>();
  for (const sample of samples) {
    if (fast && bound && byTs === undefined) {
      const frame = fastFrame(device, sample, out);
      if (frame) {
        out.frames.push(frame);
        continue;
      }
    }
    let hash = TAGSET_SEED;
    let ordered = true;
    let previous = -1;
    let keys: Set<number> | undefined;
    if (byTs) {
      const slot = byTs.get(sample.ts);
      keys = slot ? slot.keys : new Set();
      if (!slot) byTs.set(sample.ts, { at: -1, keys });
    }
    // The ids stay those of the device's last frame while they match it (no new array).
    const shared = device.lastIds;
    let own: number[] | undefined;
    let count = 0;
    const nums: (number | null)[] = [];
    let txts: (string | null)[] | null = null;
    const v = sample.v;
    for (const key in v) {
      const tagId = Number(key);
      hash = tagsetAdd(hash, tagId);
      keys?.add(tagId);
      if (tagId <= previous) ordered = false;
      previous = tagId;
      const type = bound ? types.get(tagId) : undefined;
      if (type === undefined) {
        out.unknownTag++;
        out.reason = bound ? `tag ${key}: not in the device's template` : 'device not bound to a team';
        continue;
      }
      if (type === OVER_QUOTA) {
        out.tagQuota++;
        out.reason = overQuotaReason(tagId);
        continue;
      }
      const value = v[key];
      let num: number | null;
      let txt: string | null = null;
      const fast = typeof value === 'number' ? numericValue(type, value) : undefined;
      if (fast !== undefined) num = fast;
      else {
        const encoded = encodeTagValue(type, value);
        if ('error' in encoded) {
          out.wrongType++;
          out.reason = `tag ${key}: ${encoded.error} (${tagDataTypeName(type) ?? type})`;
          continue;
        }
        num = encoded.num;
        txt = encoded.txt;
      }
      if (own !== undefined) own.push(tagId);
      else if (shared === undefined || shared[count] !== tagId) {
        own = shared === undefined ? [] : shared.slice(0, count);
        own.push(tagId);
      }
      if (txt !== null) txts ??= new Array<string | null>(count).fill(null);
      if (txts !== null) txts.push(txt);
      nums.push(num);
      count++;
    }
    if (count === 0) continue;
    const ids = own ?? (count === shared!.length ? shared! : shared!.slice(0, count));
    device.lastIds = ids;
    const frame: IngestFrame = {
      deviceId,
      ts: sample.ts,
      tagset: ordered
        ? tagsetEnd(hash)
        : tagsetOf(
            Object.keys(v)
              .map(Number)
              .sort((a, b) => a - b),
          ),
      ids,
      nums,
      txts,
      live: sample.hist !== true,
    };
    const slot = byTs?.get(frame.ts);
    if (slot && slot.at >= 0) {
      out.frames[slot.at] = mergeFrames(out.frames[slot.at]!, frame);
      continue;
    }
    if (slot) slot.at = out.frames.length;
    if (!isAscending(ids)) sortFrame(frame);
    out.frames.push(frame);
  }
  // The tag set of a timestamp covers the keys of all its samples.
  if (byTs) {
    for (const slot of byTs.values()) {
      if (slot.at >= 0) out.frames[slot.at]!.tagset = tagsetOf([...slot.keys].sort((a, b) => a - b));
    }
  }
  return out;
}

/**
 * The common case without enumerating the sample's keys (for-in over an object keyed by tag ids,
 * whose elements V8 keeps in a dictionary, costs about 8 µs for 60 keys; counting its values
 * costs half that, and looking each known tag up almost nothing): every key is a known tag with
 * a valid number. Undefined otherwise (unknown keys, nulls, text, values of the wrong type), and
 * the general path then handles the sample. The frame is the one that path would build.
 */
function fastFrame(device: DeviceTags, sample: DataSample, out: BuiltMessage): IngestFrame | undefined {
  const v = sample.v as Record<number, unknown>;
  const count = Object.values(v).length;
  if (count === 0) return undefined;
  const known = (device.known ??= knownTags(device.types));
  const { ids: knownIds, types } = known;
  const shared = device.lastIds;
  let own: number[] | undefined;
  const nums: number[] = [];
  let hash = TAGSET_SEED;
  let found = 0;
  // Values of tags beyond the TAG allocation: in the tag set, counted, not stored.
  let over = 0;
  let lastOver = 0;
  for (let k = 0; k < knownIds.length && found + over < count; k++) {
    const tagId = knownIds[k]!;
    const value = v[tagId];
    if (value === undefined) continue;
    const type = types[k]!;
    if (type === OVER_QUOTA) {
      hash = tagsetAdd(hash, tagId);
      over++;
      lastOver = tagId;
      continue;
    }
    if (typeof value !== 'number') return undefined;
    const num = numericValue(type, value);
    if (num === undefined) return undefined;
    hash = tagsetAdd(hash, tagId);
    if (own !== undefined) own.push(tagId);
    else if (shared === undefined || shared[found] !== tagId) {
      own = shared === undefined ? [] : shared.slice(0, found);
      own.push(tagId);
    }
    nums.push(num);
    found++;
  }
  // Fewer known tags than values: the sample has other keys, which the general path counts.
  if (found + over !== count || found === 0) return undefined;
  if (over > 0) {
    out.tagQuota += over;
    out.reason = overQuotaReason(lastOver);
  }
  const ids = own ?? (found === shared!.length ? shared! : shared!.slice(0, found));
  device.lastIds = ids;
  return {
    deviceId: device.deviceId,
    ts: sample.ts,
    tagset: tagsetEnd(hash),
    ids,
    nums,
    txts: null,
    live: sample.hist !== true,
  };
}

function overQuotaReason(tagId: number): string {
  return `tag_quota: tag ${tagId} is beyond the device's TAG allocation`;
}

function knownTags(types: ReadonlyMap<number, number>): { ids: number[]; types: number[] } {
  const ids = [...types.keys()].sort((a, b) => a - b);
  return { ids, types: ids.map((id) => types.get(id)!) };
}

/** Object keys that are array indices iterate in ascending order; others (huge ids) may not. */
function isAscending(ids: readonly number[]): boolean {
  for (let i = 1; i < ids.length; i++) if (ids[i]! <= ids[i - 1]!) return false;
  return true;
}

function sortFrame(f: IngestFrame): void {
  const order = f.ids.map((_, i) => i).sort((a, b) => f.ids[a]! - f.ids[b]!);
  const { ids, nums, txts } = f;
  f.ids = order.map((i) => ids[i]!);
  f.nums = order.map((i) => nums[i]!);
  f.txts = txts && order.map((i) => txts[i]!);
}

/** A later sample with the same timestamp joins the frame: its tags not already there. */
function mergeFrames(a: IngestFrame, b: IngestFrame): IngestFrame {
  const seen = new Set(a.ids);
  const ids = [...a.ids];
  const nums = [...a.nums];
  const txts = [...(a.txts ?? a.ids.map(() => null))];
  for (let i = 0; i < b.ids.length; i++) {
    if (seen.has(b.ids[i]!)) continue;
    ids.push(b.ids[i]!);
    nums.push(b.nums[i]!);
    txts.push(b.txts ? b.txts[i]! : null);
  }
  const merged: IngestFrame = { ...a, ids, nums, txts, live: a.live && b.live };
  sortFrame(merged);
  return merged;
}

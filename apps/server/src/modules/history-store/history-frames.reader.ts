import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { eachFrameValue, type FrameData } from './history-frame.codec.ts';
import type { HistoryMemory } from './history-memory.ts';
import type { StagedKey } from './history-stage.ts';

/** A stored value as read back. */
export interface StoredRow {
  tag_id: number;
  ts: number;
  num: number | null;
  txt: string | null;
}

/** Minutes where some of the tags have values, with how many (stored rollups and pending). */
export interface MinuteCount {
  minute: number;
  n: number;
}

interface FrameRow {
  ts: number;
  tagset: number;
  data: FrameData;
}

const MINUTE = 60_000;
const DAY_MINUTES = 1440;
/** Frames read per query. */
const FRAME_CHUNK = 1000;
/** Minutes with no value of the tags between two that have some: scanned through up to this many. */
const GAP_MINUTES = 2;

export const minuteOf = (ts: number): number => ts - (((ts % MINUTE) + MINUTE) % MINUTE);

/**
 * Reads history frames of one device: frames in a time range (in chunks, keyset on the key),
 * the values of some tags in them, and which minutes hold values of those tags (history_1m plus
 * this server's pending rollups), which lets a read of a sparse tag skip the minutes without it
 * instead of decoding every frame of the range.
 */
export class HistoryFramesReader {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly memory: HistoryMemory,
  ) {}

  /**
   * Frames of the device in [from, to] ordered by (ts, tagset) (desc: reversed), in chunks that
   * never split a timestamp (all frames of a ts come in one chunk). On SQLite the frames still
   * staged (history_recent) are merged in, their keys taken before any read: a frame moved into
   * history_frames meanwhile is found there, by the chunk reads or by the stage's fetch, and
   * taken once.
   */
  async *frames(
    deviceId: number,
    from: number,
    to: number,
    order: 'asc' | 'desc',
  ): AsyncGenerator<FrameRow[]> {
    const asc = order === 'asc';
    const stage = this.memory.stage;
    // Taken before any read: a frame moved later is in history_frames when read there.
    const keys = stage?.keys(deviceId, from, to, order) ?? [];
    let k = 0;
    /** Merges the staged frames up to `until` (a ts) into a chunk, fetching them. */
    const merge = async (rows: FrameRow[], until: number): Promise<FrameRow[]> => {
      const upto = (x: { ts: number }) => (asc ? x.ts <= until : x.ts >= until);
      const take: StagedKey[] = [];
      while (k < keys.length && upto(keys[k]!)) take.push(keys[k++]!);
      if (take.length === 0) return rows;
      const staged = await stage!.fetch(take);
      const before = (a: FrameRow, b: FrameRow) =>
        asc
          ? a.ts < b.ts || (a.ts === b.ts && a.tagset < b.tagset)
          : a.ts > b.ts || (a.ts === b.ts && a.tagset > b.tagset);
      const out: FrameRow[] = [];
      let r = 0;
      let s = 0;
      while (r < rows.length || s < staged.length) {
        const next = staged[s];
        const row = rows[r];
        if (next && (!row || before(next, row))) {
          out.push(next);
          s++;
          continue;
        }
        // The same frame staged and moved meanwhile: once.
        if (next && next.ts === row!.ts && next.tagset === row!.tagset) s++;
        out.push(row!);
        r++;
      }
      return out;
    };
    /** The rest of the staged frames, a chunk at a time, never splitting a timestamp. */
    const rest = async function* () {
      while (k < keys.length) {
        let end = Math.min(keys.length, k + FRAME_CHUNK);
        while (end < keys.length && keys[end]!.ts === keys[end - 1]!.ts) end++;
        const chunk = await merge([], keys[end - 1]!.ts);
        if (chunk.length > 0) yield chunk;
      }
    };
    let edge = asc ? from - 1 : to + 1;
    for (;;) {
      const rows = await this.db
        .selectFrom('history_frames')
        .select(['ts', 'tagset', 'data'])
        .where('device_id', '=', deviceId)
        .$call((q) =>
          asc
            ? q.where('ts', '>', edge).where('ts', '<=', to)
            : q.where('ts', '<', edge).where('ts', '>=', from),
        )
        .orderBy('ts', order)
        .orderBy('tagset', order)
        .limit(FRAME_CHUNK)
        .execute();
      if (rows.length < FRAME_CHUNK) {
        // The staged frames up to the last stored one, then the others.
        const last = rows.length > 0 ? await merge(rows.map(toFrame), Number(rows[rows.length - 1]!.ts)) : [];
        if (last.length > 0) yield last;
        yield* rest();
        return;
      }
      // The frames of the last timestamp may go on past the chunk: read them whole.
      const lastTs = Number(rows[rows.length - 1]!.ts);
      const head = rows.filter((r) => Number(r.ts) !== lastTs).map(toFrame);
      const tail = await this.db
        .selectFrom('history_frames')
        .select(['ts', 'tagset', 'data'])
        .where('device_id', '=', deviceId)
        .where('ts', '=', lastTs)
        .orderBy('tagset', order)
        .execute();
      yield await merge([...head, ...tail.map(toFrame)], lastTs);
      edge = lastTs;
    }
  }

  /**
   * Values of the tags in [from, to] ordered by time then tag id (desc: both reversed), after
   * skipping the first `skip` of them (whole minutes by their counts, without decoding them).
   */
  async *values(
    deviceId: number,
    tagIds: readonly number[],
    from: number,
    to: number,
    order: 'asc' | 'desc',
    skip = 0,
  ): AsyncGenerator<StoredRow> {
    const wanted = new Set(tagIds);
    const asc = order === 'asc';
    let left = skip;
    // Values of one range of frames, grouped by timestamp and sorted by tag within it.
    const scan = async function* (this: HistoryFramesReader, a: number, b: number) {
      for await (const chunk of this.frames(deviceId, a, b, order)) {
        let group: StoredRow[] = [];
        const emit = function* () {
          if (group.length > 1) group.sort((x, y) => (asc ? x.tag_id - y.tag_id : y.tag_id - x.tag_id));
          for (const row of group) {
            if (left > 0) left--;
            else yield row;
          }
          group = [];
        };
        let ts = NaN;
        for (const f of chunk) {
          if (f.ts !== ts) {
            yield* emit();
            ts = f.ts;
          }
          eachFrameValue(f.data, wanted, (tag_id, num, txt) => group.push({ tag_id, ts: f.ts, num, txt }));
        }
        yield* emit();
      }
    }.bind(this);

    let range: [number, number] | null = null; // minutes [first, last] to scan, in scan order
    for await (const minutes of this.minutes(deviceId, tagIds, minuteOf(from), minuteOf(to), order)) {
      for (const m of minutes) {
        if (left > 0) {
          // Skipping: whole minutes by their count, else this minute alone, value by value.
          if (m.minute >= from && m.minute + MINUTE - 1 <= to && m.n <= left) {
            left -= m.n;
            continue;
          }
          yield* scan(Math.max(from, m.minute), Math.min(to, m.minute + MINUTE - 1));
          continue;
        }
        if (range && Math.abs(m.minute - range[1]) <= (GAP_MINUTES + 1) * MINUTE) {
          range[1] = m.minute;
          continue;
        }
        if (range) yield* scanMinutes(range);
        range = [m.minute, m.minute];
      }
    }
    if (range) yield* scanMinutes(range);

    function scanMinutes(r: [number, number]) {
      const lo = Math.min(r[0], r[1]);
      const hi = Math.max(r[0], r[1]) + MINUTE - 1;
      return scan(Math.max(from, lo), Math.min(to, hi));
    }
  }

  /**
   * Minutes in [fromMinute, toMinute] holding values of the tags, with their counts, in order,
   * read a window at a time (a day, growing while the windows are sparse).
   */
  async *minutes(
    deviceId: number,
    tagIds: readonly number[],
    fromMinute: number,
    toMinute: number,
    order: 'asc' | 'desc',
  ): AsyncGenerator<MinuteCount[]> {
    const asc = order === 'asc';
    const wanted = new Set(tagIds);
    let span = DAY_MINUTES * MINUTE;
    let lo = asc ? fromMinute : Math.max(fromMinute, toMinute - span + MINUTE);
    let hi = asc ? Math.min(toMinute, fromMinute + span - MINUTE) : toMinute;
    while (lo <= hi) {
      const { value, pending } = await this.memory.withPending(() =>
        this.db
          .selectFrom('history_1m')
          .select(['minute', sql<number>`sum(n)`.as('n')])
          .where('device_id', '=', deviceId)
          .where('tag_id', 'in', tagIds)
          .where('minute', '>=', lo)
          .where('minute', '<=', hi)
          .groupBy('minute')
          .execute(),
      );
      const counts = new Map<number, number>();
      for (const r of value) counts.set(Number(r.minute), Number(r.n));
      pending.eachMinute(deviceId, wanted, lo, hi, (_tag, minute, acc) =>
        counts.set(minute, (counts.get(minute) ?? 0) + acc.n),
      );
      const list = [...counts].map(([minute, n]) => ({ minute, n }));
      list.sort((a, b) => (asc ? a.minute - b.minute : b.minute - a.minute));
      if (list.length > 0) yield list;
      // Sparse windows grow (up to 64 days); a busy one brings the span back to a day.
      span = list.length < 100 ? Math.min(span * 2, 64 * DAY_MINUTES * MINUTE) : DAY_MINUTES * MINUTE;
      if (asc) {
        lo = hi + MINUTE;
        hi = Math.min(toMinute, lo + span - MINUTE);
      } else {
        hi = lo - MINUTE;
        lo = Math.max(fromMinute, hi - span + MINUTE);
      }
    }
  }

  /** Calls `each` for every value of the tags in [from, to] (in time order, minutes without them skipped). */
  async eachValue(
    deviceId: number,
    tagIds: readonly number[],
    from: number,
    to: number,
    each: (tagId: number, ts: number, num: number | null, txt: string | null) => void,
  ): Promise<void> {
    for await (const r of this.values(deviceId, tagIds, from, to, 'asc')) each(r.tag_id, r.ts, r.num, r.txt);
  }

  /** Counts the values of the tags in [from, to] by decoding the frames (for ranges under a minute or two). */
  async countValues(deviceId: number, tagIds: readonly number[], from: number, to: number): Promise<number> {
    const wanted = new Set(tagIds);
    let n = 0;
    for await (const chunk of this.frames(deviceId, from, to, 'asc')) {
      for (const f of chunk) eachFrameValue(f.data, wanted, () => n++);
    }
    return n;
  }
}

const toFrame = (r: { ts: number; tagset: number; data: FrameData }): FrameRow => ({
  ts: Number(r.ts),
  tagset: Number(r.tagset),
  data: r.data,
});

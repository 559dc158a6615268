import { CompiledQuery, type Kysely } from 'kysely';
import type { Engine } from '../../db/create-database.ts';
import type { Database } from '../../db/database.ts';
import { mergeAcc } from './history-aggregates.ts';
import { eachFrameValue } from './history-frame.codec.ts';
import { minuteOf, type HistoryFramesReader, type StoredRow } from './history-frames.reader.ts';
import { PendingHistory, type HistoryMemory } from './history-memory.ts';

export type { StoredRow } from './history-frames.reader.ts';

/** One bucket of a downsampled series as the database computes it. */
export interface BucketRow {
  tag_id: number;
  b: number;
  n: number;
  mn: number | null;
  mx: number | null;
  t0: number;
  t1: number;
  fnum: number | null;
  ftxt: string | null;
  lnum: number | null;
  ltxt: string | null;
}

const MINUTE = 60_000;
/** Rollup rows per multi-row insert of `rebuildRollups` (12 parameters each). */
const REBUILD_CHUNK = 400;

/**
 * History reads over frames (`history_frames`, one row per device message sample) and the minute
 * rollups (`history_1m`, with this server's pending rollups added): range values in time order,
 * counts, buckets from raw values or from rollups; rollup rebuilds and retention.
 */
export class HistoryReadRepo {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly engine: Engine,
    private readonly memory: HistoryMemory,
    /** Raw values from the frames (stored, staged and in the open batch). */
    private readonly frames: HistoryFramesReader,
  ) {}

  /**
   * Values of the tags in [from, to], counted up to `cap`: whole minutes from the rollups, the
   * partial minutes at both ends from the frames.
   */
  async count(
    deviceId: number,
    tagIds: readonly number[],
    from: number,
    to: number,
    cap: number,
  ): Promise<number> {
    const firstWhole = from === minuteOf(from) ? from : minuteOf(from) + MINUTE;
    const lastWhole = minuteOf(to + 1) - MINUTE; // start of the last minute ending at or before `to`
    if (firstWhole > lastWhole)
      return Math.min(cap, await this.frames.countValues(deviceId, tagIds, from, to));
    let n = 0;
    for await (const minutes of this.frames.minutes(deviceId, tagIds, firstWhole, lastWhole, 'asc')) {
      for (const m of minutes) n += m.n;
      if (n >= cap) return cap;
    }
    if (from < firstWhole) n += await this.frames.countValues(deviceId, tagIds, from, firstWhole - 1);
    if (to > lastWhole + MINUTE - 1)
      n += await this.frames.countValues(deviceId, tagIds, lastWhole + MINUTE, to);
    return Math.min(n, cap);
  }

  /**
   * Values of the tags in [from, to] ordered by time then tag id (desc: both reversed), read
   * lazily from the frames of the minutes that hold them, after skipping `skip` values (whole
   * minutes by their rollup counts). The connection is free between chunks (a long export does
   * not hold up ingest).
   */
  rows(
    deviceId: number,
    tagIds: readonly number[],
    from: number,
    to: number,
    order: 'asc' | 'desc' = 'asc',
    skip = 0,
  ): AsyncGenerator<StoredRow> {
    return this.frames.values(deviceId, [...new Set(tagIds)], from, to, order, skip);
  }

  /** Buckets of `bucket` ms from `origin` computed over the raw values in [from, to]. */
  async bucketsFromRows(
    deviceId: number,
    tagIds: readonly number[],
    from: number,
    to: number,
    origin: number,
    bucket: number,
  ): Promise<BucketRow[]> {
    const buckets = new Map<string, BucketRow>();
    await this.frames.eachValue(deviceId, tagIds, from, to, (tagId, ts, num, txt) => {
      const b = Math.floor((ts - origin) / bucket);
      const key = `${tagId}:${b}`;
      const row = buckets.get(key);
      if (!row) {
        buckets.set(key, {
          tag_id: tagId,
          b,
          n: 1,
          mn: num,
          mx: num,
          t0: ts,
          t1: ts,
          fnum: num,
          ftxt: txt,
          lnum: num,
          ltxt: txt,
        });
        return;
      }
      row.n++;
      if (num !== null) {
        if (row.mn === null || num < row.mn) row.mn = num;
        if (row.mx === null || num > row.mx) row.mx = num;
      }
      // Values come in time order: the last one seen is the newest.
      row.t1 = ts;
      row.lnum = num;
      row.ltxt = txt;
    });
    return sortBuckets([...buckets.values()]);
  }

  /**
   * The same from the per-minute rollups (stored, plus this server's pending ones): minutes in
   * [fromMinute, toMinute]; `bucket` is a whole number of minutes.
   *
   * The query aggregates in a CTE and then looks the first and last minute of each bucket up by
   * key. `cross join` makes SQLite keep the CTE as the outer loop; PostgreSQL plans it as the
   * inner join it is. The bucket index is cast because better-sqlite3 binds numbers as REAL.
   */
  async bucketsFromRollups(
    deviceId: number,
    tagIds: readonly number[],
    fromMinute: number,
    toMinute: number,
    origin: number,
    bucket: number,
  ): Promise<BucketRow[]> {
    const p = this.params();
    const tags = () => tagIds.map(() => p()).join(',');
    const text =
      `with agg as (select tag_id, cast((minute - ${p()}) / ${p()} as bigint) as b, sum(n) as n, min(mn) as mn, max(mx) as mx, ` +
      `min(minute) as m0, max(minute) as m1, min(t0) as t0, max(t1) as t1 ` +
      `from history_1m where device_id = ${p()} and tag_id in (${tags()}) and minute >= ${p()} and minute <= ${p()} group by tag_id, b) ` +
      `select agg.tag_id, agg.b, agg.n, agg.mn, agg.mx, agg.t0, agg.t1, f.first_num as fnum, f.first_txt as ftxt, l.last_num as lnum, l.last_txt as ltxt from agg cross join history_1m f cross join history_1m l ` +
      `where f.device_id = ${p()} and f.tag_id = agg.tag_id and f.minute = agg.m0 ` +
      `and l.device_id = ${p()} and l.tag_id = agg.tag_id and l.minute = agg.m1 order by agg.tag_id, agg.b`;
    const params = [origin, bucket, deviceId, ...tagIds, fromMinute, toMinute, deviceId, deviceId];
    const { value: rows, pending } = await this.memory.withPending(() => this.run(text, params));
    const byKey = new Map(rows.map((r) => [`${r.tag_id}:${r.b}`, r]));
    let added = false;
    pending.eachMinute(deviceId, new Set(tagIds), fromMinute, toMinute, (tagId, minute, acc) => {
      added = true;
      const b = Math.floor((minute - origin) / bucket);
      const row = byKey.get(`${tagId}:${b}`);
      // A bucket row has the fields of a minute aggregate: the pending minute merges into it.
      if (row) mergeAcc(row, acc);
      else byKey.set(`${tagId}:${b}`, { tag_id: tagId, b, ...acc });
    });
    return added ? sortBuckets([...byKey.values()]) : rows;
  }

  /**
   * Rebuilds the per-minute rollups of a device's tags in [from, to] from the frames (for frames
   * written around the ingest pipeline, e.g. bulk loads and benchmarks; run it while those
   * minutes get no new data, as this server's pending rollups of them are dropped).
   */
  async rebuildRollups(deviceId: number, tagIds: readonly number[], from: number, to: number): Promise<void> {
    const fromMinute = minuteOf(from);
    const toMinute = minuteOf(to);
    const state = new PendingHistory();
    const wanted = new Set(tagIds);
    for await (const chunk of this.frames.frames(deviceId, fromMinute, toMinute + MINUTE - 1, 'asc')) {
      for (const f of chunk) {
        const ids: number[] = [];
        const nums: (number | null)[] = [];
        const txts: (string | null)[] = [];
        eachFrameValue(f.data, wanted, (tagId, num, txt) => {
          ids.push(tagId);
          nums.push(num);
          txts.push(txt);
        });
        if (ids.length > 0) state.fold(deviceId, f.ts, ids, nums, txts);
      }
    }
    await this.memory.idle();
    await this.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('history_1m')
        .where('device_id', '=', deviceId)
        .where('tag_id', 'in', tagIds)
        .where('minute', '>=', fromMinute)
        .where('minute', '<=', toMinute)
        .execute();
      let rows: Record<string, unknown>[] = [];
      const send = async () => {
        if (rows.length > 0)
          await trx
            .insertInto('history_1m')
            .values(rows as never)
            .execute();
        rows = [];
      };
      for (const [minute, tags] of state.rollups.get(deviceId) ?? []) {
        for (const [tagId, agg] of tags) {
          const a = agg.toAcc();
          rows.push({
            device_id: deviceId,
            tag_id: tagId,
            minute,
            n: a.n,
            mn: a.mn,
            mx: a.mx,
            t0: a.t0,
            first_num: a.fnum,
            first_txt: a.ftxt,
            t1: a.t1,
            last_num: a.lnum,
            last_txt: a.ltxt,
          });
          if (rows.length >= REBUILD_CHUNK) await send();
        }
      }
      await send();
      this.memory.discardMinutes(deviceId, tagIds, fromMinute, toMinute);
    });
  }

  /**
   * Deletes frames and rollups older than the minute of `cutoff`, device by device and tag by tag
   * (each delete walks the key). Returns the frames deleted.
   */
  async prune(cutoff: number): Promise<number> {
    const before = minuteOf(cutoff);
    const keys = await this.db.selectFrom('tag_last_values').select(['device_id', 'tag_id']).execute();
    const tagsOf = new Map<number, Set<number>>();
    const add = (deviceId: number, tagId: number) => {
      let set = tagsOf.get(deviceId);
      if (!set) tagsOf.set(deviceId, (set = new Set()));
      set.add(tagId);
    };
    for (const k of keys) add(k.device_id, k.tag_id);
    for (const [deviceId, tagIds] of this.memory.pendingTags()) for (const t of tagIds) add(deviceId, t);
    let deleted = 0;
    for (const [deviceId, tagIds] of tagsOf) {
      const r = await this.db
        .deleteFrom('history_frames')
        .where('device_id', '=', deviceId)
        .where('ts', '<', before)
        .executeTakeFirst();
      deleted += Number(r.numDeletedRows);
      for (const tagId of tagIds) {
        await this.db
          .deleteFrom('history_1m')
          .where('device_id', '=', deviceId)
          .where('tag_id', '=', tagId)
          .where('minute', '<', before)
          .execute();
      }
    }
    return deleted;
  }

  private params(): () => string {
    let n = 0;
    return () => (this.engine === 'postgres' ? `$${++n}` : '?');
  }

  private async run(text: string, params: unknown[]): Promise<BucketRow[]> {
    const result = await this.db.executeQuery<BucketRow>(CompiledQuery.raw(text, params));
    return result.rows.map((r) => ({
      ...r,
      tag_id: Number(r.tag_id),
      b: Number(r.b),
      n: Number(r.n),
      t0: Number(r.t0),
      t1: Number(r.t1),
    }));
  }
}

const sortBuckets = (rows: BucketRow[]) => rows.sort((a, b) => a.tag_id - b.tag_id || a.b - b.b);

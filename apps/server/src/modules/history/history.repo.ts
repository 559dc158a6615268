import { CompiledQuery, sql, type Kysely } from 'kysely';
import type { Engine } from '../../db/create-database.ts';
import type { Database } from '../../db/database.ts';
import { whereInScope, type DataScope } from '../../lib/data-scope.ts';
import { DeviceTagsRepo } from '../monitor/device-tags.repo.ts';

/** A stored row as read back. */
export interface StoredRow {
  tag_id: number;
  ts: number;
  num: number | null;
  txt: string | null;
}

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

/** Rows read per query by the per-tag cursors of `rows`. */
const CURSOR_CHUNK = 2000;

/** SQL of history reads: range rows by tag cursors, counts, buckets from rows or minute rollups. */
export class HistoryRepo {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly engine: Engine,
  ) {}

  device(scope: DataScope, id: number) {
    return this.db
      .selectFrom('devices')
      .select(['id', 'team_id', 'bound_at', 'template_id', 'online'])
      .where('id', '=', id)
      .$call((q) => whereInScope(q, scope, 'devices', 'devices.team_id', 'devices.id'))
      .executeTakeFirst();
  }

  /** The device's tags: template tags in template order, then monitor points. */
  deviceTags(deviceId: number) {
    return new DeviceTagsRepo(this.db).ofDevice(deviceId);
  }

  /** Names of the device's tags among `tagIds`: template tags and monitor points alike. */
  async tagNames(deviceId: number, tagIds: readonly number[]): Promise<Map<number, string>> {
    const wanted = new Set(tagIds);
    const tags = await new DeviceTagsRepo(this.db).ofDevice(deviceId);
    return new Map(tags.filter((t) => wanted.has(t.id)).map((t) => [t.id, t.name]));
  }

  /** Rows in [from, to], counted up to `cap` (reads the key, never sorts). */
  async count(
    deviceId: number,
    tagIds: readonly number[],
    from: number,
    to: number,
    cap: number,
  ): Promise<number> {
    const inner = this.db
      .selectFrom('history')
      .select(sql<number>`1`.as('one'))
      .where('device_id', '=', deviceId)
      .where('tag_id', 'in', tagIds)
      .where('ts', '>=', from)
      .where('ts', '<=', to)
      .limit(cap);
    const row = await this.db
      .selectFrom(inner.as('r'))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /**
   * Rows of the tags in [from, to] ordered by time then tag id (desc: both reversed), read lazily:
   * one cursor per tag walks the key in chunks and the cursors are merged here, so nothing is
   * sorted by the database, memory stays at a chunk per tag, and the connection is free between
   * chunks (a long export does not hold up ingest).
   */
  async *rows(
    deviceId: number,
    tagIds: readonly number[],
    from: number,
    to: number,
    order: 'asc' | 'desc' = 'asc',
  ): AsyncGenerator<StoredRow> {
    const asc = order === 'asc';
    const cursors = [...new Set(tagIds)].map((tagId) => ({
      tagId,
      buf: [] as StoredRow[],
      i: 0,
      // Next key to read from (exclusive bound after the first chunk).
      edge: asc ? from - 1 : to + 1,
      done: false,
    }));
    const fill = async (c: (typeof cursors)[number]) => {
      const rows = await this.db
        .selectFrom('history')
        .select(['tag_id', 'ts', 'num', 'txt'])
        .where('device_id', '=', deviceId)
        .where('tag_id', '=', c.tagId)
        .$call((q) =>
          asc
            ? q.where('ts', '>', c.edge).where('ts', '<=', to)
            : q.where('ts', '<', c.edge).where('ts', '>=', from),
        )
        .orderBy('ts', order)
        .limit(CURSOR_CHUNK)
        .execute();
      c.buf = rows;
      c.i = 0;
      if (rows.length < CURSOR_CHUNK) c.done = true;
      if (rows.length > 0) c.edge = rows[rows.length - 1]!.ts;
    };
    await Promise.all(cursors.map(fill));
    for (;;) {
      let best: (typeof cursors)[number] | undefined;
      for (const c of cursors) {
        if (c.i >= c.buf.length) continue;
        if (!best) {
          best = c;
          continue;
        }
        const a = c.buf[c.i]!;
        const b = best.buf[best.i]!;
        const before = asc
          ? a.ts < b.ts || (a.ts === b.ts && a.tag_id < b.tag_id)
          : a.ts > b.ts || (a.ts === b.ts && a.tag_id > b.tag_id);
        if (before) best = c;
      }
      if (!best) return;
      yield best.buf[best.i++]!;
      if (best.i >= best.buf.length && !best.done) await fill(best);
    }
  }

  /*
   * The bucket queries aggregate in a CTE and then look the first and last row of each bucket up
   * by key. `cross join` makes SQLite keep the CTE as the outer loop (with a plain join it may
   * scan history for every bucket); PostgreSQL plans it as the inner join it is. The bucket index
   * is cast because better-sqlite3 binds numbers as REAL (the division would not truncate).
   */

  /** Buckets of `bucket` ms from `origin` computed over raw rows in [from, to]. */
  async bucketsFromRows(
    deviceId: number,
    tagIds: readonly number[],
    from: number,
    to: number,
    origin: number,
    bucket: number,
  ): Promise<BucketRow[]> {
    const p = this.params();
    const tags = () => tagIds.map(() => p()).join(',');
    // Placeholders are made in text order, as the parameters below.
    const text =
      `with agg as (select tag_id, cast((ts - ${p()}) / ${p()} as bigint) as b, count(*) as n, min(num) as mn, max(num) as mx, min(ts) as t0, max(ts) as t1 ` +
      `from history where device_id = ${p()} and tag_id in (${tags()}) and ts >= ${p()} and ts <= ${p()} group by tag_id, b) ` +
      `select agg.tag_id, agg.b, agg.n, agg.mn, agg.mx, agg.t0, agg.t1, f.num as fnum, f.txt as ftxt, l.num as lnum, l.txt as ltxt from agg cross join history f cross join history l ` +
      `where f.device_id = ${p()} and f.tag_id = agg.tag_id and f.ts = agg.t0 ` +
      `and l.device_id = ${p()} and l.tag_id = agg.tag_id and l.ts = agg.t1 order by agg.tag_id, agg.b`;
    return this.run(text, [origin, bucket, deviceId, ...tagIds, from, to, deviceId, deviceId]);
  }

  /** The same from the per-minute rollups: minutes in [fromMinute, toMinute]; `bucket` is a whole number of minutes. */
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
    return this.run(text, [origin, bucket, deviceId, ...tagIds, fromMinute, toMinute, deviceId, deviceId]);
  }

  /**
   * Rebuilds the per-minute rollups of a device's tags in [from, to] from the rows (for rows
   * written around the ingest pipeline, e.g. bulk imports and benchmarks).
   */
  async rebuildRollups(deviceId: number, tagIds: readonly number[], from: number, to: number): Promise<void> {
    const fromMinute = from - (from % 60_000);
    const toMinute = to - (to % 60_000) + 59_999;
    await this.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('history_1m')
        .where('device_id', '=', deviceId)
        .where('tag_id', 'in', tagIds)
        .where('minute', '>=', fromMinute)
        .where('minute', '<=', toMinute)
        .execute();
      for (const tagId of tagIds) {
        await sql`insert into history_1m (device_id, tag_id, minute, n, mn, mx, t0, first_num, first_txt, t1, last_num, last_txt)
          select a.device_id, a.tag_id, a.minute, a.n, a.mn, a.mx, a.t0, f.num, f.txt, a.t1, l.num, l.txt
          from (select device_id, tag_id, ts - (ts % 60000) as minute, count(*) as n, min(num) as mn, max(num) as mx, min(ts) as t0, max(ts) as t1
                from history where device_id = ${deviceId} and tag_id = ${tagId} and ts >= ${fromMinute} and ts <= ${toMinute}
                group by device_id, tag_id, ts - (ts % 60000)) a
          join history f on f.device_id = a.device_id and f.tag_id = a.tag_id and f.ts = a.t0
          join history l on l.device_id = a.device_id and l.tag_id = a.tag_id and l.ts = a.t1`.execute(trx);
      }
    });
  }

  /** Deletes rows and rollups older than `cutoff`, key by key (each delete walks the key). */
  async prune(cutoff: number): Promise<number> {
    const keys = await this.db.selectFrom('tag_last_values').select(['device_id', 'tag_id']).execute();
    let deleted = 0;
    for (const k of keys) {
      const r = await this.db
        .deleteFrom('history')
        .where('device_id', '=', k.device_id)
        .where('tag_id', '=', k.tag_id)
        .where('ts', '<', cutoff)
        .executeTakeFirst();
      deleted += Number(r.numDeletedRows);
      await this.db
        .deleteFrom('history_1m')
        .where('device_id', '=', k.device_id)
        .where('tag_id', '=', k.tag_id)
        .where('minute', '<', cutoff - 60_000)
        .execute();
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

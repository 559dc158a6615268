import type SQLite from 'better-sqlite3';
import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import { sqliteHandle, type Engine } from '../../db/create-database.ts';
import type { Database } from '../../db/database.ts';

/** One value to store. `live` is false for backfill (`hist: true`): stored, never streamed. */
export interface IngestRow {
  deviceId: number;
  tagId: number;
  ts: number;
  num: number | null;
  txt: string | null;
  live: boolean;
}

/** Drops of one device to add to its counters. */
export interface DropDelta {
  unknownTag: number;
  wrongType: number;
  badPayload: number;
  reason: string;
  at: number;
}

/** A row that was new (not a redelivered duplicate), as committed. */
export type CommittedRow = Omit<IngestRow, 'live'>;

/** What one transaction commits: rows and drop counters. */
export interface BatchContent {
  rows: IngestRow[];
  drops: Map<number, DropDelta>;
}

/** Rows per multi-row statement (5 parameters each: well under SQLite's and PostgreSQL's limits). */
const HISTORY_CHUNK = 500;
const ROLLUP_CHUNK = 200;
const LAST_CHUNK = 400;
const MINUTE = 60_000;

/**
 * Commits a batch of history in one transaction: rows (a redelivered duplicate is ignored),
 * per-minute rollups and last values of the rows actually inserted, and drop counters. On
 * SQLite through cached better-sqlite3 statements, elsewhere through Kysely with multi-row
 * statements built once per row count.
 */
export class HistoryBatchStore {
  private readonly sqlCache = new Map<string, string>();
  /** On SQLite: the better-sqlite3 handle and the batch transaction on cached statements. */
  private readonly sqlite: SQLite.Database | undefined;
  private sqliteCommit: ((batch: BatchContent) => Committed) | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly engine: Engine,
  ) {
    this.sqlite = engine === 'sqlite' ? sqliteHandle(db) : undefined;
  }

  /** Commits the batch; resolves with the rows that were new (all, and the live ones). */
  commitBatch(batch: BatchContent): Promise<Committed> {
    return this.sqlite
      ? this.commitSqlite(this.sqlite, batch)
      : this.db.transaction().execute((trx) => this.commit(trx, batch));
  }

  private async commit(trx: Transaction<Database>, batch: BatchContent) {
    const all: CommittedRow[] = [];
    const live: CommittedRow[] = [];
    // Live and backfill rows go in separate statements so that RETURNING tells which were new.
    const liveRows = batch.rows.filter((r) => r.live);
    const histRows = liveRows.length === batch.rows.length ? [] : batch.rows.filter((r) => !r.live);
    for (const [rows, isLive] of [
      [liveRows, true],
      [histRows, false],
    ] as const) {
      for (let i = 0; i < rows.length; i += HISTORY_CHUNK) {
        const chunk = rows.slice(i, i + HISTORY_CHUNK);
        const params: unknown[] = [];
        for (const r of chunk) params.push(r.deviceId, r.tagId, r.ts, r.num, r.txt);
        const result = await trx.executeQuery<CommittedRow>(
          CompiledQuery.raw(this.insertHistorySql(chunk.length), params),
        );
        for (const row of result.rows) {
          all.push(row);
          if (isLive) live.push(row);
        }
      }
    }
    if (all.length > 0) {
      await this.upsertRollups(trx, all);
      await this.upsertLastValues(trx, all);
    }
    if (batch.drops.size > 0) await this.upsertDrops(trx, batch.drops);
    return { all, live };
  }

  /**
   * SQLite: the batch in one BEGIN IMMEDIATE transaction on cached better-sqlite3 statements
   * (no query building or statement preparation per batch), run while holding Kysely's single
   * connection so that no other query (or another open transaction) can interleave with it.
   */
  private commitSqlite(file: SQLite.Database, batch: BatchContent): Promise<Committed> {
    return this.db.connection().execute(async () => {
      if (file.inTransaction) throw new Error('the SQLite connection is inside another transaction');
      this.sqliteCommit ??= this.prepareSqlite(file);
      return this.sqliteCommit(batch);
    });
  }

  private prepareSqlite(file: SQLite.Database): (batch: BatchContent) => Committed {
    const history = file.prepare(
      'insert into history (device_id, tag_id, ts, num, txt) values (?,?,?,?,?) ' +
        'on conflict (device_id, tag_id, ts) do nothing',
    );
    const rollup = file.prepare(this.upsertRollupSql(1));
    const last = file.prepare(this.upsertLastSql(1));
    const drops = file.prepare(
      'insert into ingest_drops (device_id, unknown_tag, wrong_type, bad_payload, last_reason, last_at) ' +
        'values (?,?,?,?,?,?) on conflict (device_id) do update set ' +
        'unknown_tag = ingest_drops.unknown_tag + excluded.unknown_tag, ' +
        'wrong_type = ingest_drops.wrong_type + excluded.wrong_type, ' +
        'bad_payload = ingest_drops.bad_payload + excluded.bad_payload, ' +
        'last_reason = excluded.last_reason, last_at = excluded.last_at',
    );
    const tx = file.transaction((batch: BatchContent): Committed => {
      const all: CommittedRow[] = [];
      const live: CommittedRow[] = [];
      for (const r of batch.rows) {
        // changes 0: a redelivered duplicate, already stored.
        if (history.run(r.deviceId, r.tagId, r.ts, r.num, r.txt).changes === 0) continue;
        all.push(r);
        if (r.live) live.push(r);
      }
      if (all.length > 0) {
        for (const a of foldRollups(all)) {
          rollup.run(
            a.deviceId,
            a.tagId,
            a.minute,
            a.n,
            a.mn,
            a.mx,
            a.t0,
            a.first.num,
            a.first.txt,
            a.t1,
            a.last.num,
            a.last.txt,
          );
        }
        for (const r of foldLastValues(all)) last.run(r.deviceId, r.tagId, r.ts, r.num, r.txt);
      }
      for (const [deviceId, d] of batch.drops) {
        drops.run(deviceId, d.unknownTag, d.wrongType, d.badPayload, d.reason, d.at);
      }
      return { all, live };
    });
    return (batch) => tx.immediate(batch);
  }

  private async upsertRollups(trx: Transaction<Database>, rows: CommittedRow[]): Promise<void> {
    const list = foldRollups(rows);
    for (let i = 0; i < list.length; i += ROLLUP_CHUNK) {
      const chunk = list.slice(i, i + ROLLUP_CHUNK);
      const params: unknown[] = [];
      for (const a of chunk) {
        params.push(a.deviceId, a.tagId, a.minute, a.n, a.mn, a.mx);
        params.push(a.t0, a.first.num, a.first.txt, a.t1, a.last.num, a.last.txt);
      }
      await trx.executeQuery(CompiledQuery.raw(this.upsertRollupSql(chunk.length), params));
    }
  }

  private async upsertLastValues(trx: Transaction<Database>, rows: CommittedRow[]): Promise<void> {
    const list = foldLastValues(rows);
    for (let i = 0; i < list.length; i += LAST_CHUNK) {
      const chunk = list.slice(i, i + LAST_CHUNK);
      const params: unknown[] = [];
      for (const r of chunk) params.push(r.deviceId, r.tagId, r.ts, r.num, r.txt);
      await trx.executeQuery(CompiledQuery.raw(this.upsertLastSql(chunk.length), params));
    }
  }

  private async upsertDrops(trx: Transaction<Database>, drops: Map<number, DropDelta>): Promise<void> {
    for (const [deviceId, d] of drops) {
      await trx
        .insertInto('ingest_drops')
        .values({
          device_id: deviceId,
          unknown_tag: d.unknownTag,
          wrong_type: d.wrongType,
          bad_payload: d.badPayload,
          last_reason: d.reason,
          last_at: d.at,
        })
        .onConflict((oc) =>
          oc.column('device_id').doUpdateSet((eb) => ({
            unknown_tag: eb('ingest_drops.unknown_tag', '+', eb.ref('excluded.unknown_tag')),
            wrong_type: eb('ingest_drops.wrong_type', '+', eb.ref('excluded.wrong_type')),
            bad_payload: eb('ingest_drops.bad_payload', '+', eb.ref('excluded.bad_payload')),
            last_reason: eb.ref('excluded.last_reason'),
            last_at: eb.ref('excluded.last_at'),
          })),
        )
        .execute();
    }
  }

  // ---- SQL, built once per engine and row count ----

  private values(rows: number, columns: number): string {
    const out: string[] = [];
    let p = 0;
    for (let r = 0; r < rows; r++) {
      const cells: string[] = [];
      for (let c = 0; c < columns; c++) cells.push(this.engine === 'postgres' ? `$${++p}` : '?');
      out.push(`(${cells.join(',')})`);
    }
    return out.join(',');
  }

  private cached(key: string, build: () => string): string {
    let text = this.sqlCache.get(key);
    if (text === undefined) {
      text = build();
      if (this.sqlCache.size > 2000) this.sqlCache.clear();
      this.sqlCache.set(key, text);
    }
    return text;
  }

  private insertHistorySql(rows: number): string {
    return this.cached(
      `h${rows}`,
      () =>
        `insert into history (device_id, tag_id, ts, num, txt) values ${this.values(rows, 5)} ` +
        `on conflict (device_id, tag_id, ts) do nothing ` +
        `returning device_id as "deviceId", tag_id as "tagId", ts, num, txt`,
    );
  }

  private upsertRollupSql(rows: number): string {
    const o = 'history_1m';
    return this.cached(
      `r${rows}`,
      () =>
        `insert into ${o} (device_id, tag_id, minute, n, mn, mx, t0, first_num, first_txt, t1, last_num, last_txt) ` +
        `values ${this.values(rows, 12)} on conflict (device_id, tag_id, minute) do update set ` +
        `n = ${o}.n + excluded.n, ` +
        `mn = case when excluded.mn is null then ${o}.mn when ${o}.mn is null or excluded.mn < ${o}.mn then excluded.mn else ${o}.mn end, ` +
        `mx = case when excluded.mx is null then ${o}.mx when ${o}.mx is null or excluded.mx > ${o}.mx then excluded.mx else ${o}.mx end, ` +
        `t0 = case when excluded.t0 < ${o}.t0 then excluded.t0 else ${o}.t0 end, ` +
        `first_num = case when excluded.t0 < ${o}.t0 then excluded.first_num else ${o}.first_num end, ` +
        `first_txt = case when excluded.t0 < ${o}.t0 then excluded.first_txt else ${o}.first_txt end, ` +
        `t1 = case when excluded.t1 > ${o}.t1 then excluded.t1 else ${o}.t1 end, ` +
        `last_num = case when excluded.t1 > ${o}.t1 then excluded.last_num else ${o}.last_num end, ` +
        `last_txt = case when excluded.t1 > ${o}.t1 then excluded.last_txt else ${o}.last_txt end`,
    );
  }

  private upsertLastSql(rows: number): string {
    return this.cached(
      `l${rows}`,
      () =>
        `insert into tag_last_values (device_id, tag_id, ts, num, txt) values ${this.values(rows, 5)} ` +
        `on conflict (device_id, tag_id) do update set ts = excluded.ts, num = excluded.num, txt = excluded.txt ` +
        `where excluded.ts > tag_last_values.ts`,
    );
  }
}

export type Committed = { all: CommittedRow[]; live: CommittedRow[] };

interface RollupAcc {
  deviceId: number;
  tagId: number;
  minute: number;
  n: number;
  mn: number | null;
  mx: number | null;
  t0: number;
  first: CommittedRow;
  t1: number;
  last: CommittedRow;
}

/** Per-minute aggregates of the rows, one per (device, tag, minute). */
function foldRollups(rows: readonly CommittedRow[]): RollupAcc[] {
  const minutes = new Map<string, RollupAcc>();
  for (const r of rows) {
    const minute = r.ts - (r.ts % MINUTE);
    const key = `${r.deviceId}:${r.tagId}:${minute}`;
    const acc = minutes.get(key);
    if (!acc) {
      minutes.set(key, {
        deviceId: r.deviceId,
        tagId: r.tagId,
        minute,
        n: 1,
        mn: r.num,
        mx: r.num,
        t0: r.ts,
        first: r,
        t1: r.ts,
        last: r,
      });
      continue;
    }
    acc.n++;
    if (r.num !== null) {
      if (acc.mn === null || r.num < acc.mn) acc.mn = r.num;
      if (acc.mx === null || r.num > acc.mx) acc.mx = r.num;
    }
    if (r.ts < acc.t0) {
      acc.t0 = r.ts;
      acc.first = r;
    }
    if (r.ts > acc.t1) {
      acc.t1 = r.ts;
      acc.last = r;
    }
  }
  return [...minutes.values()];
}

/** The newest row of each (device, tag). */
function foldLastValues(rows: readonly CommittedRow[]): CommittedRow[] {
  const latest = new Map<string, CommittedRow>();
  for (const r of rows) {
    const key = `${r.deviceId}:${r.tagId}`;
    const seen = latest.get(key);
    if (!seen || r.ts > seen.ts) latest.set(key, r);
  }
  return [...latest.values()];
}

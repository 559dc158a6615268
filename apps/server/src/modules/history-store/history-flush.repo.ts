import type SQLite from 'better-sqlite3';
import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import { sqliteHandle, type Engine } from '../../db/create-database.ts';
import type { Database } from '../../db/database.ts';
import type { FrameData } from './history-frame.codec.ts';
import type { MinuteAcc } from './history-aggregates.ts';
import type { PendingHistory } from './history-memory.ts';
import { SqlText } from './sql-text.ts';

/** A stored frame as the recovery reads it. */
export interface StoredFrame {
  device_id: number;
  ts: number;
  ingested_at: number;
  data: FrameData;
}

/** Rows per multi-row statement on PostgreSQL (12 and 5 parameters each). */
const ROLLUP_CHUNK = 400;
const LAST_CHUNK = 1000;
/** Frames read per query by the recovery. */
const RECOVERY_CHUNK = 5000;

/**
 * SQL of the history writer's own bookkeeping: its row in history_writers, the flush of the
 * in-memory rollups and last values (one transaction with the new watermark), and the frames
 * it committed after its watermark (folded again at start after a crash).
 */
export class HistoryFlushRepo {
  private readonly sql: SqlText;
  private readonly sqlite: SQLite.Database | undefined;
  private sqliteFlush: ((state: PendingHistory, writer: number, at: number) => void) | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    engine: Engine,
  ) {
    this.sql = new SqlText(engine);
    this.sqlite = engine === 'sqlite' ? sqliteHandle(db) : undefined;
  }

  /**
   * The writer of `name` (added when new): its id, its watermark, and the newest ingested_at it
   * ever stored (its next commits must come later).
   */
  async register(name: string): Promise<{ id: number; watermark: number; newest: number }> {
    let row = await this.findWriter(name);
    if (!row) {
      await this.db
        .insertInto('history_writers')
        .values({ name, watermark: 0, flushed_at: null })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
      row = await this.findWriter(name);
      if (!row) throw new Error(`history writer ${name} could not be registered`);
    }
    const newest = await this.db
      .selectFrom('history_frames')
      .select((eb) => eb.fn.max('ingested_at').as('at'))
      .where('writer', '=', row.id)
      .executeTakeFirst();
    const watermark = Number(row.watermark);
    return { id: row.id, watermark, newest: Math.max(watermark, Number(newest?.at ?? 0)) };
  }

  private findWriter(name: string) {
    return this.db
      .selectFrom('history_writers')
      .select(['id', 'watermark'])
      .where('name', '=', name)
      .executeTakeFirst();
  }

  /** The frames `writer` committed after `after`, in commit order, in chunks. */
  async *framesAfter(writer: number, after: number): AsyncGenerator<StoredFrame[]> {
    let edge = after;
    for (;;) {
      const rows = await this.db
        .selectFrom('history_frames')
        .select(['device_id', 'ts', 'ingested_at', 'data'])
        .where('writer', '=', writer)
        .where('ingested_at', '>', edge)
        .orderBy('ingested_at')
        .orderBy('device_id')
        .orderBy('ts')
        .orderBy('tagset')
        .limit(RECOVERY_CHUNK)
        .execute();
      if (rows.length === 0) return;
      const last = Number(rows[rows.length - 1]!.ingested_at);
      if (rows.length < RECOVERY_CHUNK) {
        yield rows;
        return;
      }
      // A commit is never split: the rest of the last one is read whole.
      const head = rows.filter((r) => Number(r.ingested_at) < last);
      const tail = await this.db
        .selectFrom('history_frames')
        .select(['device_id', 'ts', 'ingested_at', 'data'])
        .where('writer', '=', writer)
        .where('ingested_at', '=', last)
        .orderBy('device_id')
        .orderBy('ts')
        .orderBy('tagset')
        .execute();
      yield [...head, ...tail];
      edge = last;
    }
  }

  /**
   * Writes a pending state in one transaction: minute aggregates added to history_1m, last values
   * replacing older ones in tag_last_values, and the writer's watermark.
   */
  flush(state: PendingHistory, writer: number, at: number): Promise<void> {
    const file = this.sqlite;
    if (!file) return this.db.transaction().execute((trx) => this.flushPg(trx, state, writer, at));
    return this.db.connection().execute(async () => {
      if (file.inTransaction) throw new Error('the SQLite connection is inside another transaction');
      this.sqliteFlush ??= this.prepareSqlite(file);
      this.sqliteFlush(state, writer, at);
    });
  }

  private prepareSqlite(file: SQLite.Database) {
    const rollup = file.prepare(this.upsertRollupSql(1));
    const last = file.prepare(this.upsertLastSql(1));
    const mark = file.prepare('update history_writers set watermark = ?, flushed_at = ? where id = ?');
    const tx = file.transaction((state: PendingHistory, writer: number, at: number) => {
      eachRollup(state, (deviceId, tagId, minute, a) =>
        rollup.run(deviceId, tagId, minute, a.n, a.mn, a.mx, a.t0, a.fnum, a.ftxt, a.t1, a.lnum, a.ltxt),
      );
      for (const [deviceId, tags] of state.lasts) {
        for (const [tagId, agg] of tags) {
          const v = agg.value();
          last.run(deviceId, tagId, v.ts, v.num, v.txt);
        }
      }
      mark.run(state.watermark, at, writer);
    });
    return (state: PendingHistory, writer: number, at: number) => tx.immediate(state, writer, at);
  }

  private async flushPg(trx: Transaction<Database>, state: PendingHistory, writer: number, at: number) {
    let params: unknown[] = [];
    let rows = 0;
    const sendRollups = async () => {
      if (rows === 0) return;
      await trx.executeQuery(CompiledQuery.raw(this.upsertRollupSql(rows), params));
      params = [];
      rows = 0;
    };
    const pending: [number, number, number, MinuteAcc][] = [];
    eachRollup(state, (deviceId, tagId, minute, a) => pending.push([deviceId, tagId, minute, a]));
    for (const [deviceId, tagId, minute, a] of pending) {
      params.push(deviceId, tagId, minute, a.n, a.mn, a.mx, a.t0, a.fnum, a.ftxt, a.t1, a.lnum, a.ltxt);
      if (++rows >= ROLLUP_CHUNK) await sendRollups();
    }
    await sendRollups();
    for (const [deviceId, tags] of state.lasts) {
      for (const [tagId, agg] of tags) {
        const v = agg.value();
        params.push(deviceId, tagId, v.ts, v.num, v.txt);
        if (++rows >= LAST_CHUNK) {
          await trx.executeQuery(CompiledQuery.raw(this.upsertLastSql(rows), params));
          params = [];
          rows = 0;
        }
      }
    }
    if (rows > 0) await trx.executeQuery(CompiledQuery.raw(this.upsertLastSql(rows), params));
    await trx
      .updateTable('history_writers')
      .set({ watermark: state.watermark, flushed_at: at })
      .where('id', '=', writer)
      .execute();
  }

  private upsertRollupSql(rows: number): string {
    const o = 'history_1m';
    return this.sql.cached(
      `r${rows}`,
      () =>
        `insert into ${o} (device_id, tag_id, minute, n, mn, mx, t0, first_num, first_txt, t1, last_num, last_txt) ` +
        `values ${this.sql.values(rows, 12)} on conflict (device_id, tag_id, minute) do update set ` +
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
    return this.sql.cached(
      `l${rows}`,
      () =>
        `insert into tag_last_values (device_id, tag_id, ts, num, txt) values ${this.sql.values(rows, 5)} ` +
        `on conflict (device_id, tag_id) do update set ts = excluded.ts, num = excluded.num, txt = excluded.txt ` +
        `where excluded.ts > tag_last_values.ts`,
    );
  }
}

function eachRollup(
  state: PendingHistory,
  each: (deviceId: number, tagId: number, minute: number, a: MinuteAcc) => void,
): void {
  for (const [deviceId, minutes] of state.rollups) {
    for (const [minute, tags] of minutes) {
      for (const [tagId, a] of tags) each(deviceId, tagId, minute, a.toAcc());
    }
  }
}

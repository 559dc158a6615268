import type SQLite from 'better-sqlite3';
import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import { sqliteHandle, type Engine } from '../../db/create-database.ts';
import type { Database } from '../../db/database.ts';
import { encodeFrameBinary, encodeFrameBytes } from './history-frame.codec.ts';
import type { HistoryMemory } from './history-memory.ts';
import { SqlText } from './sql-text.ts';

/**
 * The values of one device message sample, to store as one history frame
 * (`history-frame.codec.ts`, whose text is made at commit), ascending tag id; also what the
 * rollups, last values and live events are made of.
 */
export interface IngestFrame {
  deviceId: number;
  ts: number;
  tagset: number;
  /** May be shared with other frames of the device: never changed in place. */
  ids: readonly number[];
  nums: (number | null)[];
  /** null when no value has text. */
  txts: (string | null)[] | null;
  /** False for backfill (`hist: true`): stored, never streamed. */
  live: boolean;
  /**
   * False: streamed, never stored (a live sample between two stored ones of the device's TAG
   * level interval: the level thins history, not live values or alarms). The writer publishes it
   * in batch order after the batch commits, and never hands it to the repository.
   */
  store?: false;
}

/** Drops of one device to add to its counters. */
export interface DropDelta {
  unknownTag: number;
  wrongType: number;
  badPayload: number;
  /** Values of a device whose template is locked (billing: the template beyond the allowance). */
  templateLocked?: number;
  /** Values of tags beyond the device's TAG allocation. */
  tagQuota?: number;
  reason: string;
  at: number;
}

/** What one transaction commits: frames and drop counters. */
export interface BatchContent {
  frames: IngestFrame[];
  drops: Map<number, DropDelta>;
}

/** Frames per multi-row statement on PostgreSQL (6 parameters each). */
const FRAME_CHUNK = 500;

const INSERT_FRAME = 'insert into history_frames (device_id, ts, tagset, writer, ingested_at, data) values ';
const DROPS_SQL =
  'insert into ingest_drops (device_id, unknown_tag, wrong_type, bad_payload, template_locked, tag_quota, ' +
  'last_reason, last_at) values (?,?,?,?,?,?,?,?) on conflict (device_id) do update set ' +
  'unknown_tag = ingest_drops.unknown_tag + excluded.unknown_tag, ' +
  'wrong_type = ingest_drops.wrong_type + excluded.wrong_type, ' +
  'bad_payload = ingest_drops.bad_payload + excluded.bad_payload, ' +
  'template_locked = ingest_drops.template_locked + excluded.template_locked, ' +
  'tag_quota = ingest_drops.tag_quota + excluded.tag_quota, ' +
  'last_reason = excluded.last_reason, last_at = excluded.last_at';

/**
 * Commits a batch in one transaction: its frames (a redelivered duplicate, same device, time and
 * tag set, is ignored) stamped with the writer and `ingestedAt`, and the drop counters. Resolves
 * with the frames actually inserted. On SQLite the frames are appended to history_recent through
 * the stage (`HistoryStage`, which tells duplicates) on cached better-sqlite3 statements; on
 * PostgreSQL they go into history_frames through multi-row statements whose RETURNING tells
 * which frames were new.
 */
export class HistoryBatchRepo {
  private readonly sql: SqlText;
  private readonly sqlite: SQLite.Database | undefined;
  private sqliteCommit: ((batch: BatchContent, writer: number, at: number) => IngestFrame[]) | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    engine: Engine,
    private readonly memory: HistoryMemory,
  ) {
    this.sql = new SqlText(engine);
    this.sqlite = engine === 'sqlite' ? sqliteHandle(db) : undefined;
  }

  commitBatch(batch: BatchContent, writer: number, ingestedAt: number): Promise<IngestFrame[]> {
    const file = this.sqlite;
    if (!file) {
      // One statement is atomic by itself: a batch of at most one chunk of frames and no drop
      // counters (the common case) needs no BEGIN and COMMIT round trips around it.
      if (batch.drops.size === 0 && batch.frames.length <= FRAME_CHUNK)
        return this.commit(this.db, batch, writer, ingestedAt);
      return this.db.transaction().execute((trx) => this.commit(trx, batch, writer, ingestedAt));
    }
    // Holding Kysely's single connection, so that no other query (or open transaction) interleaves.
    return this.db.connection().execute(async () => {
      if (file.inTransaction) throw new Error('the SQLite connection is inside another transaction');
      this.sqliteCommit ??= this.prepareSqlite(file);
      return this.sqliteCommit(batch, writer, ingestedAt);
    });
  }

  private prepareSqlite(file: SQLite.Database) {
    const stage = this.memory.stage!;
    const drops = file.prepare(DROPS_SQL);
    const tx = file.transaction((batch: BatchContent, writer: number, at: number): IngestFrame[] => {
      const inserted: IngestFrame[] = [];
      for (const f of batch.frames) {
        // false: a redelivered duplicate, already stored.
        if (stage.stage(f.deviceId, f.ts, f.tagset, writer, at, encodeFrameBinary(f))) inserted.push(f);
      }
      for (const [deviceId, d] of batch.drops) {
        drops.run(
          deviceId,
          d.unknownTag,
          d.wrongType,
          d.badPayload,
          d.templateLocked ?? 0,
          d.tagQuota ?? 0,
          d.reason,
          d.at,
        );
      }
      return inserted;
    });
    return (batch: BatchContent, writer: number, at: number) => {
      stage.begin();
      let committed = false;
      try {
        const inserted = tx.immediate(batch, writer, at);
        committed = true;
        return inserted;
      } finally {
        stage.end(committed, at);
      }
    };
  }

  private async commit(
    trx: Kysely<Database> | Transaction<Database>,
    batch: BatchContent,
    writer: number,
    at: number,
  ): Promise<IngestFrame[]> {
    // Duplicates inside the batch go first (the statement would insert one of them, unnamed).
    const unique = new Map<string, IngestFrame>();
    for (const f of batch.frames) {
      const key = `${f.deviceId}:${f.ts}:${f.tagset}`;
      if (!unique.has(key)) unique.set(key, f);
    }
    const frames = [...unique.values()];
    const stored = new Set<string>();
    for (let i = 0; i < frames.length; i += FRAME_CHUNK) {
      const chunk = frames.slice(i, i + FRAME_CHUNK);
      const params: unknown[] = [];
      for (const f of chunk) params.push(f.deviceId, f.ts, f.tagset, writer, at, encodeFrameBytes(f));
      const text = this.sql.cached(
        `f${chunk.length}`,
        () =>
          `${INSERT_FRAME}${this.sql.values(chunk.length, 6)} on conflict do nothing ` +
          'returning device_id, ts, tagset',
      );
      const result = await trx.executeQuery<{ device_id: number; ts: number; tagset: number }>(
        CompiledQuery.raw(text, params),
      );
      for (const r of result.rows) stored.add(`${r.device_id}:${Number(r.ts)}:${r.tagset}`);
    }
    if (batch.drops.size > 0) {
      const text = this.sql.cached('drops', () => {
        let n = 0;
        return DROPS_SQL.replace(/\?/g, () => `$${++n}`);
      });
      for (const [deviceId, d] of batch.drops) {
        const params = [
          deviceId,
          d.unknownTag,
          d.wrongType,
          d.badPayload,
          d.templateLocked ?? 0,
          d.tagQuota ?? 0,
          d.reason,
          d.at,
        ];
        await trx.executeQuery(CompiledQuery.raw(text, params));
      }
    }
    // In batch order (the order the rollups fold them in).
    const inserted: IngestFrame[] = [];
    for (const [key, f] of unique) if (stored.has(key)) inserted.push(f);
    return inserted;
  }
}

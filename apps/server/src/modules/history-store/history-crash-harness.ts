import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { createDatabase, type Engine } from '../../db/create-database.ts';
import type { Database } from '../../db/database.ts';
import { migrateToLatest } from '../../db/migrator.ts';
import { HistoryBatchRepo } from './history-batch.repo.ts';
import { HistoryFlushRepo } from './history-flush.repo.ts';
import { HistoryFlusher } from './history-flusher.ts';
import { HistoryFramesReader } from './history-frames.reader.ts';
import { HistoryMemory } from './history-memory.ts';
import { HistoryReadRepo } from './history-read.repo.ts';
import { HistoryWriter } from './history-writer.ts';

/*
 * The history writer as a server process would run it, on a database that outlives it: each
 * `HistoryProcess` has its own Kysely instance and history store (so its own memory and stage), and a
 * crash drops it without a flush while the next one starts on the same SQLite file or
 * PostgreSQL schema (the setting of `history-crash.property.test.ts`).
 */

/** Where the processes of one run keep their data. */
export interface CrashDatabase {
  dataDir: string;
  databaseUrl: string | undefined;
  databaseSchema: string | undefined;
}

/**
 * A database for the runs of a suite. SQLite: a migrated file copied for each run (`forRun`),
 * so every run starts empty. PostgreSQL: one migrated schema (runs use their own writer and
 * devices, and a writer's recovery reads only its own frames).
 */
export async function crashDatabases() {
  const databaseUrl = process.env.DATABASE_URL;
  const root = await mkdtemp(join(tmpdir(), 'hmi-history-crash-'));
  const template: CrashDatabase = {
    dataDir: join(root, 'template'),
    databaseUrl,
    databaseSchema: databaseUrl ? `test_${randomBytes(6).toString('hex')}` : undefined,
  };
  const { db } = createDatabase(template);
  await migrateToLatest(db, template.databaseSchema);
  await db.destroy();
  let runs = 0;
  return {
    async forRun(): Promise<CrashDatabase> {
      if (databaseUrl) return template;
      const dataDir = join(root, `run-${++runs}`);
      await mkdir(dataDir);
      await copyFile(join(template.dataDir, 'console.db'), join(dataDir, 'console.db'));
      return { ...template, dataDir };
    },
    async close(): Promise<void> {
      await rm(root, { recursive: true, force: true });
      if (!databaseUrl || !template.databaseSchema) return;
      const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
      await pool.query(`drop schema if exists "${template.databaseSchema}" cascade`);
      await pool.end();
    },
  };
}

/** One server process: its database handle, its writer (started) and its history reads. */
export interface HistoryProcess {
  db: Kysely<Database>;
  engine: Engine;
  writer: HistoryWriter;
  repo: HistoryReadRepo;
  /** Errors the writer reported (a live process should have none). */
  errors: unknown[];
  /** Kills the process: its database handle goes at once, its memory is dropped. */
  crash(): Promise<void>;
  /** Stops it cleanly (commits, flushes) and closes its database. */
  stop(): Promise<void>;
}

export async function startProcess(
  where: CrashDatabase,
  writerName: string,
  batchRows: number,
): Promise<HistoryProcess> {
  const { db, engine } = createDatabase(where);
  const errors: unknown[] = [];
  // The writer and reads as the composition root builds them (compose/data.ts), over one memory.
  // No flush on a timer: the run flushes when it means to.
  const options = { batchMs: 0, batchRows, maxPending: 1_000_000, flushMs: 3_600_000, writerName };
  const onError = (err: unknown) => errors.push(err);
  const memory = new HistoryMemory(db);
  const flusher = new HistoryFlusher(
    new HistoryFlushRepo(db, engine),
    memory,
    { flushMs: options.flushMs, name: writerName },
    onError,
  );
  const writer = new HistoryWriter(new HistoryBatchRepo(db, engine, memory), flusher, options, onError);
  const reads = new HistoryReadRepo(db, engine, memory, new HistoryFramesReader(db, memory));
  await writer.start();
  let dead = false;
  return {
    db,
    engine,
    writer,
    repo: reads,
    errors,
    async crash() {
      if (dead) return;
      dead = true;
      // SQLite: the handle closes at once (a transaction is synchronous, so it committed or not).
      // PostgreSQL: new queries fail, a transaction under way ends first (commits or not).
      // (Its flush timer, an hour, unref'd, would only fail on the closed handle.)
      await db.destroy();
    },
    async stop() {
      if (dead) return;
      dead = true;
      await writer.stop();
      await db.destroy();
    },
  };
}

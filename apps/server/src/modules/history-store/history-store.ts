import type { Kysely, Transaction } from 'kysely';
import type { Config } from '../../config.ts';
import type { Engine } from '../../db/create-database.ts';
import type { Database } from '../../db/database.ts';
import { HistoryMemory } from './history-memory.ts';
import { purgeHistory } from './history-purge.repo.ts';
import { HistoryReadRepo } from './history-read.repo.ts';
import { HistoryWriter, type IngestFrame } from './history-writer.ts';
import { IngestDropsRepo } from './ingest-drops.repo.ts';
import { LastValuesRepo } from './last-values.repo.ts';
import { TagWritesRepo } from './tag-writes.repo.ts';

export interface HistoryStoreOptions {
  db: Kysely<Database>;
  engine: Engine;
  /** Batching, back-pressure and rollup flushes of the writer (INGEST_*). */
  writer: Config['ingest'];
  /** Retention: history older than `retentionDays` is pruned every `pruneIntervalMs` (0 days: never). */
  retention: Config['history'];
  log: { error(obj: object, msg?: string): void };
}

type Db = Kysely<Database> | Transaction<Database>;

const noListener = (): void => undefined;

/**
 * The one owner of what devices record: history frames (stored, and on SQLite staged), minute
 * rollups and last values, with what this server holds of them in memory until its next flush;
 * ingest drop counters and the tag write log (a device's tags are the catalogue's, modules/device). Created once
 * per app by the composition root; nothing outside this folder reaches its tables or its memory.
 *
 * - Write side: `writer.write(frames, drops)` (ingest, the hot path: a direct method call that
 *   resolves once the frames are committed) and `onCommitted` (who hears of committed frames).
 * - Read side: `reads` (raw values, counts, series from frames or rollups), `lastValues`,
 *   `drops`, `tagWrites`; every read adds what memory holds that the tables do not.
 * - Bindings (`BindingWall`): `exclusive` (no commit and no flush meanwhile), `purge` (the
 *   devices' rows, in the wall's transaction), `forget` (what memory holds of them).
 * - Lifecycle: `start` (registers the writer, recovers rollups after a crash, starts retention),
 *   `flush`, `prune`, `stop` (commits what is pending, writes the rollups).
 */
export class HistoryStore {
  readonly writer: HistoryWriter;
  /** Raw values, counts and downsampled series over frames and rollups; rollup rebuilds. */
  readonly reads: HistoryReadRepo;
  readonly lastValues: LastValuesRepo;
  readonly drops: IngestDropsRepo;
  readonly tagWrites: TagWritesRepo;
  private readonly retention: Config['history'];
  private readonly log: HistoryStoreOptions['log'];
  private listener: (frames: IngestFrame[]) => void = noListener;
  private pruneTimer: NodeJS.Timeout | null = null;
  private pruning: Promise<unknown> = Promise.resolve();

  constructor(options: HistoryStoreOptions) {
    const { db, engine, log } = options;
    const memory = new HistoryMemory(db);
    this.log = log;
    this.retention = options.retention;
    this.writer = new HistoryWriter(
      db,
      engine,
      memory,
      options.writer,
      (frames) => this.listener(frames),
      (err) => log.error({ err }, 'history batch failed'),
    );
    this.reads = new HistoryReadRepo(db, engine, memory);
    this.lastValues = new LastValuesRepo(db, memory);
    this.drops = new IngestDropsRepo(db);
    this.tagWrites = new TagWritesRepo(db);
  }

  /**
   * Sets who hears of the frames each batch committed, in batch order (after they are in memory,
   * before the writers of the batch are answered). Returns a function that unsets it.
   */
  onCommitted(listener: (frames: IngestFrame[]) => void): () => void {
    this.listener = listener;
    return () => {
      if (this.listener === listener) this.listener = noListener;
    };
  }

  /** Registers the writer and folds what a crash left out of the rollups; call before any write. */
  async start(): Promise<void> {
    await this.writer.start();
    this.pruneTimer = setInterval(() => {
      this.pruning = this.prune().catch((err: unknown) => this.log.error({ err }, 'history prune failed'));
    }, this.retention.pruneIntervalMs);
    this.pruneTimer.unref();
  }

  /** Writes the in-memory rollups and last values now (and on SQLite moves the staged frames). */
  flush(): Promise<void> {
    return this.writer.flusher.flush();
  }

  /** Deletes history older than the retention now; returns the frames deleted. */
  async prune(): Promise<number> {
    if (this.retention.retentionDays <= 0) return 0;
    // Rollups written and (SQLite) staged frames moved first: every old frame is then in reach.
    await this.flush();
    return this.reads.prune(Date.now() - this.retention.retentionDays * 24 * 3600_000);
  }

  /** Runs `fn` while no batch commits and no rollup flush runs (a bind or unbind purges in it). */
  exclusive<T>(fn: () => Promise<T>): Promise<T> {
    return this.writer.exclusive(fn);
  }

  /** Deletes the devices' rows of every history table (in the caller's transaction). */
  async purge(deviceIds: readonly number[], db: Db): Promise<void> {
    await purgeHistory(deviceIds, db);
  }

  /**
   * Forgets what this server holds of the devices (inside `exclusive`): their frames and drops in
   * the open batch, their pending rollups, last values and staged frames.
   */
  forget(deviceIds: readonly number[]): void {
    this.writer.forgetDevices(deviceIds);
  }

  /** Stops retention, commits what is pending and writes the rollups, then refuses writes. */
  async stop(): Promise<void> {
    if (this.pruneTimer) clearInterval(this.pruneTimer);
    this.pruneTimer = null;
    await this.pruning;
    await this.writer.stop();
  }
}

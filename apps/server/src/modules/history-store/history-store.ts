import type { Kysely, Transaction } from 'kysely';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { purgeHistory } from './history-purge.repo.ts';
import type { HistoryReadRepo } from './history-read.repo.ts';
import type { HistoryWriter, IngestFrame } from './history-writer.ts';
import type { IngestDropsRepo } from './ingest-drops.repo.ts';
import type { LastValuesRepo } from './last-values.repo.ts';
import type { TagWritesRepo } from './tag-writes.repo.ts';

/**
 * The store's parts, built by the composition root over one `HistoryMemory` (compose/devices.ts):
 * the writer and the reads that add what memory holds to what the tables hold.
 */
export interface HistoryStoreParts {
  writer: HistoryWriter;
  reads: HistoryReadRepo;
  lastValues: LastValuesRepo;
  drops: IngestDropsRepo;
  tagWrites: TagWritesRepo;
}

export interface HistoryStoreOptions {
  /** Retention: history older than `retentionDays` is pruned every `pruneIntervalMs` (0 days: never). */
  retention: Config['history'];
  log: { error(obj: object, msg?: string): void };
}

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The one owner of what devices record: history frames (stored, and on SQLite staged), minute
 * rollups and last values, with what this server holds of them in memory until its next flush;
 * ingest drop counters and the tag write log (a device's tags are the catalogue's, modules/device).
 * Built once per app by the composition root from its parts (compose/devices.ts); beyond that,
 * nothing outside this folder reaches its tables or its memory.
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
  private pruneTimer: NodeJS.Timeout | null = null;
  private pruning: Promise<unknown> = Promise.resolve();

  constructor(parts: HistoryStoreParts, options: HistoryStoreOptions) {
    this.writer = parts.writer;
    this.reads = parts.reads;
    this.lastValues = parts.lastValues;
    this.drops = parts.drops;
    this.tagWrites = parts.tagWrites;
    this.retention = options.retention;
    this.log = options.log;
  }

  /**
   * Sets who hears of the frames each batch committed, in batch order (after they are in memory,
   * before the writers of the batch are answered). Returns a function that unsets it.
   */
  onCommitted(listener: (frames: IngestFrame[]) => void): () => void {
    return this.writer.onCommitted(listener);
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

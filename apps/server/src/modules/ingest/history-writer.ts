import type { Kysely } from 'kysely';
import type { Engine } from '../../db/create-database.ts';
import type { Database } from '../../db/database.ts';
import {
  HistoryBatchStore,
  type BatchContent,
  type CommittedRow,
  type DropDelta,
  type IngestRow,
} from './history-batch.store.ts';

export type { CommittedRow, DropDelta, IngestRow } from './history-batch.store.ts';

export interface WriterOptions {
  /**
   * How long a batch stays open after its first row (0: group commit, a transaction starts as
   * soon as the previous one finished, with everything that arrived meanwhile).
   */
  batchMs: number;
  /** Commit as soon as a batch holds this many rows. */
  batchRows: number;
  /** Rows accepted but not committed; beyond it `write` waits (back-pressure). */
  maxPending: number;
}

interface Batch extends BatchContent {
  waiters: { resolve: () => void; reject: (err: unknown) => void }[];
}

const emptyBatch = (): Batch => ({ rows: [], drops: new Map(), waiters: [] });

/**
 * The write side of history: rows are gathered into batches and each batch is committed in one
 * transaction (history rows, per-minute rollups, last values, drop counters) when it holds
 * `batchRows` rows or `batchMs` after its first row, one batch at a time. With batchMs 0 (the
 * default) this is group commit: the next transaction starts as soon as the previous one
 * committed, so batches grow with the load while an idle server commits at once. (The embedded
 * broker handles one message per device at a time, until its PUBACK: a batch window of 100 ms
 * would cap every device at 10 QoS 1 messages a second.) `write` resolves only
 * once the batch holding its rows has committed, which is what lets a QoS 1 message be
 * acknowledged after the commit; it rejects when that transaction failed (the device then
 * redelivers). Inserts ignore rows already stored (same device, tag and timestamp), so
 * redeliveries are harmless, and only the rows actually inserted feed the rollups, the last
 * values and `onCommitted`.
 *
 * Memory is bounded: once `maxPending` rows are waiting, further writers wait in line until a
 * commit makes room (so a slow database slows the devices down instead of filling the heap).
 */
export class HistoryWriter {
  private current = emptyBatch();
  private flushing: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private due = false;
  private pendingRows = 0;
  private readonly blocked: { rows: number; go: () => void }[] = [];
  private stopped = false;
  private readonly store: HistoryBatchStore;

  constructor(
    db: Kysely<Database>,
    engine: Engine,
    private readonly options: WriterOptions,
    private readonly onCommitted: (rows: CommittedRow[], liveRows: CommittedRow[]) => void,
    private readonly onError: (err: unknown) => void,
  ) {
    this.store = new HistoryBatchStore(db, engine);
  }

  /** Rows accepted and not yet committed. */
  get pending(): number {
    return this.pendingRows;
  }

  /** Adds rows and drop counts to the next batch; resolves after that batch committed. */
  async write(rows: IngestRow[], drops?: ReadonlyMap<number, DropDelta>): Promise<void> {
    if (this.stopped) throw new Error('the history writer is stopped');
    const n = rows.length;
    if (n > 0) {
      if (
        this.blocked.length > 0 ||
        (this.pendingRows > 0 && this.pendingRows + n > this.options.maxPending)
      ) {
        // Wait for room (release() reserves it). A message larger than the whole budget goes
        // alone once nothing else is pending.
        await new Promise<void>((go) => this.blocked.push({ rows: n, go }));
        if (this.stopped) throw new Error('the history writer is stopped');
      } else {
        this.pendingRows += n;
      }
    }
    const batch = this.current;
    for (const r of rows) batch.rows.push(r);
    if (drops) for (const [deviceId, d] of drops) mergeDrop(batch.drops, deviceId, d);
    const done = new Promise<void>((resolve, reject) => batch.waiters.push({ resolve, reject }));
    if (batch.rows.length >= this.options.batchRows) this.due = true;
    this.schedule();
    return done;
  }

  /** Adds drop counts without waiting for their commit. */
  addDrops(deviceId: number, delta: DropDelta): void {
    if (this.stopped) return;
    mergeDrop(this.current.drops, deviceId, delta);
    this.schedule();
  }

  /** Commits what is pending, then refuses further writes. */
  async stop(): Promise<void> {
    this.due = true;
    this.schedule();
    while (this.flushing) await this.flushing;
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    for (const b of this.blocked.splice(0)) b.go();
  }

  private schedule(): void {
    if (this.flushing) return;
    const b = this.current;
    if (b.rows.length === 0 && b.drops.size === 0 && b.waiters.length === 0) return;
    if (this.due) {
      this.flushing = this.flush().finally(() => {
        this.flushing = null;
        this.schedule();
      });
      return;
    }
    this.timer ??= setTimeout(() => {
      this.timer = null;
      this.due = true;
      this.schedule();
    }, this.options.batchMs);
  }

  private async flush(): Promise<void> {
    const batch = this.current;
    this.current = emptyBatch();
    this.due = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    let inserted: Awaited<ReturnType<HistoryBatchStore['commitBatch']>> | undefined;
    try {
      inserted = await this.store.commitBatch(batch);
      for (const w of batch.waiters) w.resolve();
    } catch (err) {
      this.onError(err);
      for (const w of batch.waiters) w.reject(err);
    } finally {
      this.pendingRows -= batch.rows.length;
      this.release();
    }
    if (inserted) {
      try {
        this.onCommitted(inserted.all, inserted.live);
      } catch (err) {
        this.onError(err);
      }
    }
  }

  /** Lets waiting writers in, in order, while there is room, reserving it for them. */
  private release(): void {
    while (this.blocked.length > 0) {
      const next = this.blocked[0]!;
      if (this.pendingRows > 0 && this.pendingRows + next.rows > this.options.maxPending) break;
      this.blocked.shift();
      this.pendingRows += next.rows;
      next.go();
    }
  }
}

function mergeDrop(into: Map<number, DropDelta>, deviceId: number, d: DropDelta): void {
  const seen = into.get(deviceId);
  if (!seen) {
    into.set(deviceId, { ...d });
    return;
  }
  seen.unknownTag += d.unknownTag;
  seen.wrongType += d.wrongType;
  seen.badPayload += d.badPayload;
  if (d.at >= seen.at) {
    seen.reason = d.reason;
    seen.at = d.at;
  }
}

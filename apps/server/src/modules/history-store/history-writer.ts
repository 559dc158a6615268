import type { BatchContent, DropDelta, HistoryBatchRepo, IngestFrame } from './history-batch.repo.ts';
import type { HistoryFlusher } from './history-flusher.ts';

export type { DropDelta, IngestFrame } from './history-batch.repo.ts';

export interface WriterOptions {
  /**
   * How long a batch stays open after its first frame (0: group commit, a transaction starts as
   * soon as the previous one finished, with everything that arrived meanwhile).
   */
  batchMs: number;
  /** Commit as soon as a batch holds this many frames. */
  batchRows: number;
  /** Data points accepted but not committed; beyond it `write` waits (back-pressure). */
  maxPending: number;
  /** Rollups and last values are written from memory every this many ms. */
  flushMs: number;
  /** This server's writer name in history_writers (stable across restarts). */
  writerName: string;
}

/**
 * Hears how each batch transaction ended (the metrics, compose/operations.ts): once per batch,
 * never per data point (the ingest path is benchmarked). Must not throw.
 */
export interface BatchMeter {
  /** `ok`: committed in `seconds`; else it failed. `points`: the batch's data points; `drops`: its drop counts. */
  batch(points: number, drops: ReadonlyMap<number, DropDelta>, seconds: number, ok: boolean): void;
}

interface Batch extends BatchContent {
  /** Settles when the batch committed (or failed); every writer of the batch waits on it. */
  done: Promise<void> | null;
  resolve: () => void;
  reject: (err: unknown) => void;
  points: number;
  /** Frames of the batch that are streamed only (`store: false`). */
  liveOnly: number;
}

const emptyBatch = (): Batch => ({
  frames: [],
  drops: new Map(),
  done: null,
  resolve: () => undefined,
  reject: () => undefined,
  points: 0,
  liveOnly: 0,
});

const noListener = (): void => undefined;

/** The promise of a batch's commit, made on its first writer (one per batch, not per message). */
function commitOf(batch: Batch): Promise<void> {
  batch.done ??= new Promise<void>((resolve, reject) => {
    batch.resolve = resolve;
    batch.reject = reject;
  });
  return batch.done;
}

/**
 * The write side of history: frames (one per device message sample) are gathered into batches
 * and each batch is committed in one transaction (frames and drop counters) when it holds
 * `batchRows` frames or `batchMs` after its first one, one batch at a time. With batchMs 0 (the
 * default) this is group commit: the next transaction starts as soon as the previous one
 * committed, so batches grow with the load while an idle server commits at once. (The embedded
 * broker reads a device's socket again only when every message of its last read is acknowledged:
 * a batch window of 100 ms would cap every device at about 10 reads a second.) `write` resolves only once the batch
 * holding its frames has committed, which is what lets a QoS 1 message be acknowledged after the
 * commit; it rejects when that transaction failed (the device then redelivers). A redelivered
 * frame (same device, time and tag set) is ignored, and only the frames actually inserted feed
 * the rollups, the last values and `onCommitted`.
 *
 * Each commit is stamped with an ingested_at strictly greater than the previous one; its new
 * frames are then folded into the history memory (minute rollups and last values), which the
 * `HistoryFlusher` writes every `flushMs` with that stamp as its watermark.
 *
 * Memory is bounded: once `maxPending` data points are waiting, further writers wait in line
 * until a commit makes room (so a slow database slows the devices down instead of filling the heap).
 */
export class HistoryWriter {
  private current = emptyBatch();
  private flushing: Promise<void> | null = null;
  /** Held by `exclusive`: no batch commits meanwhile. */
  private holding: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private due = false;
  private pendingPoints = 0;
  private readonly blocked: { points: number; go: () => void }[] = [];
  private stopped = false;
  private started = false;
  private lastAt = 0;

  private listener: (frames: IngestFrame[]) => void = noListener;

  constructor(
    /** The batch transactions (frames, drop counters). */
    private readonly repo: HistoryBatchRepo,
    /** Writes the rollups and last values the commits fold into its memory. */
    readonly flusher: HistoryFlusher,
    private readonly options: WriterOptions,
    private readonly onError: (err: unknown) => void,
    private readonly meter?: BatchMeter,
  ) {}

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

  /** Data points accepted and not yet committed. */
  get pending(): number {
    return this.pendingPoints;
  }

  /** Registers the writer and recovers the rollups of a crash; call before the first write. */
  async start(): Promise<void> {
    this.lastAt = await this.flusher.start();
    this.started = true;
    this.schedule();
  }

  /** Adds frames and drop counts to the next batch; resolves after that batch committed. */
  async write(frames: IngestFrame[], drops?: ReadonlyMap<number, DropDelta>): Promise<void> {
    if (this.stopped) throw new Error('the history writer is stopped');
    let points = 0;
    for (const f of frames) points += f.ids.length;
    if (points > 0) {
      if (
        this.blocked.length > 0 ||
        (this.pendingPoints > 0 && this.pendingPoints + points > this.options.maxPending)
      ) {
        // Wait for room (release() reserves it). A message larger than the whole budget goes
        // alone once nothing else is pending.
        await new Promise<void>((go) => this.blocked.push({ points, go }));
        if (this.stopped) throw new Error('the history writer is stopped');
      } else {
        this.pendingPoints += points;
      }
    }
    const batch = this.current;
    for (const f of frames) {
      batch.frames.push(f);
      if (f.store === false) batch.liveOnly++;
    }
    batch.points += points;
    if (drops) for (const [deviceId, d] of drops) mergeDrop(batch.drops, deviceId, d);
    const done = commitOf(batch);
    if (batch.frames.length >= this.options.batchRows) this.due = true;
    this.schedule();
    return done;
  }

  /** Adds drop counts without waiting for their commit. */
  addDrops(deviceId: number, delta: DropDelta): void {
    if (this.stopped) return;
    mergeDrop(this.current.drops, deviceId, delta);
    this.schedule();
  }

  /**
   * Runs `fn` while no batch commits and no rollup flush runs (it waits for those under way):
   * a bind or unbind purges a device's history and forgets it in memory without a commit or a
   * flush putting any of it back. Writers keep queueing meanwhile; their batch commits after.
   */
  async exclusive<T>(fn: () => Promise<T>): Promise<T> {
    while (this.flushing || this.holding) await (this.flushing ?? this.holding);
    let release!: () => void;
    this.holding = new Promise<void>((r) => (release = r));
    try {
      return await this.flusher.exclusive(fn);
    } finally {
      this.holding = null;
      release();
      this.schedule();
    }
  }

  /**
   * Forgets these devices (their binding changed; inside `exclusive`): their frames and drops
   * waiting in the open batch are not stored (their writers are still answered when it commits)
   * and their pending rollups, last values and staged frames are dropped from memory.
   */
  forgetDevices(deviceIds: readonly number[]): void {
    const gone = new Set(deviceIds);
    const batch = this.current;
    if (batch.frames.some((f) => gone.has(f.deviceId)))
      batch.frames = batch.frames.filter((f) => !gone.has(f.deviceId));
    for (const id of gone) batch.drops.delete(id);
    this.flusher.memory.forgetDevices(deviceIds);
  }

  /** Commits what is pending, writes the rollups, then refuses further writes. */
  async stop(): Promise<void> {
    this.due = true;
    this.schedule();
    while (this.flushing || this.holding) {
      await (this.flushing ?? this.holding);
      this.schedule();
    }
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    for (const b of this.blocked.splice(0)) b.go();
    if (this.started) await this.flusher.stop();
  }

  private schedule(): void {
    if (this.flushing || this.holding || !this.started) return;
    const b = this.current;
    if (b.frames.length === 0 && b.drops.size === 0 && b.done === null) return;
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
    const at = (this.lastAt = Math.max(Date.now(), this.lastAt + 1));
    let inserted: IngestFrame[] | undefined;
    let seconds = 0;
    try {
      const stored =
        batch.liveOnly === 0 ? batch : { ...batch, frames: batch.frames.filter((f) => f.store !== false) };
      const started = performance.now();
      inserted = await this.repo.commitBatch(stored, this.flusher.writer, at);
      seconds = (performance.now() - started) / 1000;
      // Into memory before anyone hears of the commit: a reader after the PUBACK sees it.
      const memory = this.flusher.memory.current;
      for (const f of inserted) memory.fold(f.deviceId, f.ts, f.ids, f.nums, f.txts);
      if (inserted.length > 0) memory.watermark = at;
      batch.resolve();
    } catch (err) {
      this.onError(err);
      batch.reject(err);
    } finally {
      this.pendingPoints -= batch.points;
      this.release();
    }
    this.meter?.batch(batch.points, batch.drops, seconds, inserted !== undefined);
    if (inserted) {
      this.flusher.committed();
      try {
        this.listener(batch.liveOnly === 0 ? inserted : withLiveOnly(batch.frames, inserted));
      } catch (err) {
        this.onError(err);
      }
    }
  }

  /** Lets waiting writers in, in order, while there is room, reserving it for them. */
  private release(): void {
    while (this.blocked.length > 0) {
      const next = this.blocked[0]!;
      if (this.pendingPoints > 0 && this.pendingPoints + next.points > this.options.maxPending) break;
      this.blocked.shift();
      this.pendingPoints += next.points;
      next.go();
    }
  }
}

/** The inserted frames and the streamed-only ones, in batch order (live values keep their order). */
function withLiveOnly(frames: readonly IngestFrame[], inserted: readonly IngestFrame[]): IngestFrame[] {
  const kept = new Set(inserted);
  return frames.filter((f) => f.store === false || kept.has(f));
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
  if (d.templateLocked) seen.templateLocked = (seen.templateLocked ?? 0) + d.templateLocked;
  if (d.tagQuota) seen.tagQuota = (seen.tagQuota ?? 0) + d.tagQuota;
  if (d.at >= seen.at) {
    seen.reason = d.reason;
    seen.at = d.at;
  }
}

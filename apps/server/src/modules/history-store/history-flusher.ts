import { decodeFrame, type FrameData } from './history-frame.codec.ts';
import type { HistoryFlushRepo } from './history-flush.repo.ts';
import type { HistoryMemory } from './history-memory.ts';

/** Minute aggregates held in memory beyond which a flush starts at once (a long backfill). */
const MAX_PENDING_ACCS = 100_000;

export interface FlusherOptions {
  /** Write the in-memory rollups and last values every this many ms. */
  flushMs: number;
  /** This server's writer name (stable across restarts). */
  name: string;
}

/**
 * Keeps history_1m and tag_last_values for the frames this server commits: the writer folds
 * every committed frame into the history memory, and this writes that memory every `flushMs`
 * (and on stop) in one transaction with the writer's watermark, the newest ingested_at it
 * includes. At start it registers the writer and folds again the frames the writer committed
 * after its watermark (a crash lost them from memory), so the rollups stay exact: a frame is in
 * history_1m once, through the flush that covered its ingested_at. On SQLite each flush is
 * followed by the compaction of the stage (`HistoryStage`): frames the stored watermark covers
 * move into history_frames, so those after it are always still staged.
 */
export class HistoryFlusher {
  private writerId: number | null = null;
  /** The watermark stored by the last flush: frames committed up to it have their rollups stored. */
  private durable = 0;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(
    /** The writer's registration, watermark and rollup writes. */
    private readonly repo: HistoryFlushRepo,
    readonly memory: HistoryMemory,
    private readonly options: FlusherOptions,
    private readonly onError: (err: unknown) => void,
  ) {}

  /** The writer id (after start). */
  get writer(): number {
    if (this.writerId === null) throw new Error('the history writer is not started');
    return this.writerId;
  }

  /**
   * Registers the writer, folds its frames committed after the watermark, writes them, and starts
   * the timer. Resolves with the newest ingested_at the writer ever stored.
   */
  async start(): Promise<number> {
    const w = await this.repo.register(this.options.name);
    this.writerId = w.id;
    this.durable = w.watermark;
    this.memory.current.watermark = Math.max(this.memory.current.watermark, w.watermark);
    const stage = this.memory.stage;
    const fold = (f: { device_id: number; ts: number; ingested_at: number; data: FrameData }) => {
      const v = decodeFrame(f.data);
      this.memory.current.fold(f.device_id, Number(f.ts), v.ids, v.nums, v.txts);
      this.memory.current.watermark = Math.max(this.memory.current.watermark, Number(f.ingested_at));
    };
    if (stage) {
      // SQLite: frames after the watermark are never moved out of the stage.
      await stage.load();
      for (const f of await stage.framesAfter(w.id, w.watermark)) fold(f);
    } else {
      for await (const frames of this.repo.framesAfter(w.id, w.watermark)) frames.forEach(fold);
    }
    const newest = Math.max(w.newest, this.memory.current.watermark);
    await this.flush();
    this.timer = setInterval(() => void this.flush(), this.options.flushMs);
    this.timer.unref();
    return newest;
  }

  /** After the writer folded a commit: flushes early when memory holds too much. */
  committed(): void {
    if (this.memory.current.accs >= MAX_PENDING_ACCS) void this.flush();
  }

  /**
   * Writes the memory now (waits for a flush already running, then writes what came since).
   * Never rejects: a failed flush is reported and kept for the next one.
   */
  async flush(): Promise<void> {
    while (this.running) await this.running;
    if (this.writerId === null) return;
    const writer = this.writerId;
    const state = this.memory.beginFlush();
    this.running = (async () => {
      if (state) {
        try {
          await this.repo.flush(state, writer, Date.now());
          this.memory.endFlush(true);
          this.durable = state.watermark;
        } catch (err) {
          this.memory.endFlush(false);
          this.onError(err);
          return;
        }
      }
      // SQLite: the frames whose rollups are stored move into history_frames.
      await this.memory.stage?.compact(this.durable).catch((err: unknown) => this.onError(err));
    })();
    try {
      await this.running;
    } finally {
      this.running = null;
    }
  }

  /** Runs `fn` while no flush (nor the stage's compaction) runs; flushes wait for it. */
  async exclusive<T>(fn: () => Promise<T>): Promise<T> {
    while (this.running) await this.running;
    // Held before `fn` starts: a flush it calls synchronously waits too.
    let done!: () => void;
    this.running = new Promise<void>((resolve) => (done = resolve));
    try {
      return await fn();
    } finally {
      this.running = null;
      done();
    }
  }

  /** Stops the timer and writes what is left (call after the writer committed its last batch). */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }
}

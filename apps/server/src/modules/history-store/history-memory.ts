import type { Kysely } from 'kysely';
import { sqliteHandle } from '../../db/create-database.ts';
import type { Database } from '../../db/database.ts';
import { code, LastAgg, MinuteAgg, NONE, type LastValue, type MinuteAcc } from './history-aggregates.ts';
import { HistoryStage } from './history-stage.ts';

const MINUTE = 60_000;

/** The aggregates of a device's frame (`PendingHistory.fold`): per position of `ids`, in `minute`. */
interface FoldSlots {
  ids: readonly number[];
  minute: number;
  aggs: MinuteAgg[];
  lasts: LastAgg[];
}

/**
 * Rollups and last values of committed frames not yet written to history_1m and
 * tag_last_values: per device, minute -> tag -> aggregates, and tag -> newest value. Minute
 * aggregates here are deltas, added to the stored row by the flush; last values replace the
 * stored one when newer.
 */
export class PendingHistory {
  readonly rollups = new Map<number, Map<number, Map<number, MinuteAgg>>>();
  readonly lasts = new Map<number, Map<number, LastAgg>>();
  /** Per device: the aggregates its last frame folded into, aligned with that frame's ids. */
  private readonly slots = new Map<number, FoldSlots>();
  /** Number of minute aggregates held (the flush writes one row each). */
  accs = 0;
  /** Newest ingested_at folded in (what a flush of this state may store as the watermark). */
  watermark: number;

  constructor(watermark = 0) {
    this.watermark = watermark;
  }

  get empty(): boolean {
    return this.accs === 0 && this.lasts.size === 0;
  }

  /** Adds the values of one committed frame (ids, nums, txts aligned; txts null: no text) at time `ts`. */
  fold(
    deviceId: number,
    ts: number,
    ids: readonly number[],
    nums: readonly (number | null)[],
    txts: readonly (string | null)[] | null,
  ): void {
    const minute = ts - (ts % MINUTE);
    // The hot path: the device's frames share their ids array while its tags stay the same, so
    // the aggregates of its previous frame, aligned with those ids, are found without a lookup.
    let slots = this.slots.get(deviceId);
    if (slots === undefined || slots.ids !== ids || slots.minute !== minute) {
      slots = this.slotsOf(deviceId, minute, ids);
      this.slots.set(deviceId, slots);
    }
    const { aggs, lasts } = slots;
    for (let i = 0; i < ids.length; i++) {
      const num = code(nums[i]!);
      const txt = txts === null ? null : txts[i]!;
      aggs[i]!.add(ts, num, txt);
      const last = lasts[i]!;
      if (!(ts <= last.ts)) {
        // (also the first value: a new LastAgg's ts is NaN)
        last.ts = ts;
        last.num = num;
        last.txt = txt;
      }
    }
  }

  /** The aggregates of a device's tags `ids` in a minute, aligned with ids (empty ones made). */
  private slotsOf(deviceId: number, minute: number, ids: readonly number[]): FoldSlots {
    let minutes = this.rollups.get(deviceId);
    if (!minutes) this.rollups.set(deviceId, (minutes = new Map()));
    let tags = minutes.get(minute);
    if (!tags) minutes.set(minute, (tags = new Map()));
    let lastOf = this.lasts.get(deviceId);
    if (!lastOf) this.lasts.set(deviceId, (lastOf = new Map()));
    const aggs = new Array<MinuteAgg>(ids.length);
    const lasts = new Array<LastAgg>(ids.length);
    for (let i = 0; i < ids.length; i++) {
      const tagId = ids[i]!;
      let a = tags.get(tagId);
      if (!a) {
        tags.set(tagId, (a = new MinuteAgg()));
        this.accs++;
      }
      aggs[i] = a;
      let last = lastOf.get(tagId);
      if (!last) lastOf.set(tagId, (last = new LastAgg(NONE, NONE, null)));
      lasts[i] = last;
    }
    return { ids, minute, aggs, lasts };
  }

  /** Adds everything of `other` (a flush that failed goes back into the current state). */
  absorb(other: PendingHistory): void {
    for (const [deviceId, minutes] of other.rollups) {
      let mine = this.rollups.get(deviceId);
      if (!mine) this.rollups.set(deviceId, (mine = new Map()));
      for (const [minute, tags] of minutes) {
        let t = mine.get(minute);
        if (!t) mine.set(minute, (t = new Map()));
        for (const [tagId, a] of tags) {
          const seen = t.get(tagId);
          if (seen) seen.merge(a);
          else {
            t.set(tagId, a.copy());
            this.accs++;
          }
        }
      }
    }
    for (const [deviceId, tags] of other.lasts) {
      let mine = this.lasts.get(deviceId);
      if (!mine) this.lasts.set(deviceId, (mine = new Map()));
      for (const [tagId, v] of tags) {
        const seen = mine.get(tagId);
        if (!seen) mine.set(tagId, new LastAgg(v.ts, v.num, v.txt));
        else if (v.ts > seen.ts) {
          // In place: fold's slots may hold this object.
          seen.ts = v.ts;
          seen.num = v.num;
          seen.txt = v.txt;
        }
      }
    }
    this.watermark = Math.max(this.watermark, other.watermark);
  }

  /** Forgets the minute aggregates of a device's tags in [fromMinute, toMinute]. */
  discard(deviceId: number, tagIds: readonly number[], fromMinute: number, toMinute: number): void {
    this.slots.delete(deviceId); // they may point at what goes
    const minutes = this.rollups.get(deviceId);
    if (!minutes) return;
    for (const [minute, tags] of minutes) {
      if (minute < fromMinute || minute > toMinute) continue;
      for (const tagId of tagIds) if (tags.delete(tagId)) this.accs--;
      if (tags.size === 0) minutes.delete(minute);
    }
  }

  /** Forgets everything pending of a device (its binding ended: its history is purged). */
  forget(deviceId: number): void {
    this.slots.delete(deviceId);
    this.lasts.delete(deviceId);
    const minutes = this.rollups.get(deviceId);
    if (!minutes) return;
    for (const tags of minutes.values()) this.accs -= tags.size;
    this.rollups.delete(deviceId);
  }

  /** Calls `each` for the aggregates of the device's tags among `tagIds` in [fromMinute, toMinute]. */
  eachMinute(
    deviceId: number,
    tagIds: ReadonlySet<number>,
    fromMinute: number,
    toMinute: number,
    each: (tagId: number, minute: number, acc: MinuteAcc) => void,
  ): void {
    const minutes = this.rollups.get(deviceId);
    if (!minutes) return;
    for (const [minute, tags] of minutes) {
      if (minute < fromMinute || minute > toMinute) continue;
      for (const [tagId, a] of tags) if (tagIds.has(tagId)) each(tagId, minute, a.toAcc());
    }
  }
}

/**
 * The history state of this process that the database does not hold yet: what the writer
 * committed since its last rollup flush (`current`) and what a flush is writing (`flushing`).
 * One per server, made by its `HistoryStore` and shared by its writer and readers,
 * which add it to what they read from history_1m and tag_last_values so that nothing a user
 * sees is staler than the frames. On SQLite it also holds the stage (frames not yet moved into
 * history_frames, `HistoryStage`). (Another server sharing the database reads the rollups and
 * last values up to one flush interval late.)
 */
export class HistoryMemory {
  current = new PendingHistory();
  private stageOf: HistoryStage | null | undefined;
  private flushingState: PendingHistory | null = null;
  private flushDone: Promise<void> | null = null;
  private flushEnded: () => void = () => undefined;
  /** Counts flushes started: a read of history_1m that saw it change may have seen a flush half-way. */
  private generation = 0;

  constructor(private readonly db: Kysely<Database>) {}

  /** SQLite: the frames not yet moved into history_frames (null on PostgreSQL). */
  get stage(): HistoryStage | null {
    if (this.stageOf === undefined) {
      const file = sqliteHandle(this.db);
      this.stageOf = file ? new HistoryStage(this.db, file) : null;
    }
    return this.stageOf;
  }

  /** True while a flush is writing. */
  get flushing(): boolean {
    return this.flushingState !== null;
  }

  /** The newest pending values of a device's tags (empty map when none). */
  lastValues(deviceId: number): Map<number, LastValue> {
    const out = new Map<number, LastValue>();
    for (const state of [this.flushingState, this.current]) {
      const tags = state?.lasts.get(deviceId);
      if (!tags) continue;
      for (const [tagId, v] of tags) {
        const seen = out.get(tagId);
        if (!seen || v.ts > seen.ts) out.set(tagId, v.value());
      }
    }
    return out;
  }

  /** The (device, tags) pairs with pending values. */
  pendingTags(): Map<number, Set<number>> {
    const out = new Map<number, Set<number>>();
    for (const state of [this.flushingState, this.current]) {
      for (const [deviceId, tags] of state?.lasts ?? []) {
        let set = out.get(deviceId);
        if (!set) out.set(deviceId, (set = new Set()));
        for (const tagId of tags.keys()) set.add(tagId);
      }
    }
    return out;
  }

  /**
   * Runs `read` (a query of history_1m) and gives its result with the pending state it does not
   * include: the read is repeated when a flush started or ended meanwhile, so the two never
   * overlap (counted twice) nor leave a gap.
   */
  async withPending<T>(read: () => Promise<T>): Promise<{ value: T; pending: PendingHistory }> {
    for (;;) {
      if (this.flushDone) await this.flushDone;
      const g = this.generation;
      const value = await read();
      if (this.generation === g && !this.flushingState) return { value, pending: this.current };
    }
  }

  /**
   * Starts a flush: takes the current state (null when there is nothing to write) and starts a
   * new one; `endFlush` must follow.
   */
  beginFlush(): PendingHistory | null {
    if (this.flushingState) throw new Error('a history flush is already running');
    if (this.current.empty) return null;
    const state = this.current;
    this.current = new PendingHistory(state.watermark);
    this.flushingState = state;
    this.generation++;
    this.flushDone = new Promise<void>((resolve) => (this.flushEnded = resolve));
    return state;
  }

  /** Ends the running flush; `ok` false when it was not stored (its state is kept for the next one). */
  endFlush(ok: boolean): void {
    const state = this.flushingState;
    if (!state) return;
    if (!ok) this.current.absorb(state);
    this.flushingState = null;
    this.flushDone = null;
    this.generation++;
    this.flushEnded();
  }

  /** Waits for a running flush. */
  async idle(): Promise<void> {
    while (this.flushDone) await this.flushDone;
  }

  /**
   * Forgets all that is pending and staged of these devices; with the rows deleted in the same
   * exclusive section of the writer (`HistoryWriter.exclusive`), nothing of them is left.
   */
  forgetDevices(deviceIds: readonly number[]): void {
    for (const id of deviceIds) {
      this.current.forget(id);
      this.flushingState?.forget(id);
      this.stage?.forget(id);
    }
  }

  /** Forgets pending minute aggregates of a device's tags in [fromMinute, toMinute] (rebuilt from frames). */
  discardMinutes(deviceId: number, tagIds: readonly number[], fromMinute: number, toMinute: number): void {
    this.current.discard(deviceId, tagIds, fromMinute, toMinute);
  }
}

import type SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { FrameData } from './history-frame.codec.ts';

/** Frames moved into history_frames per compaction transaction (the connection is free between). */
const COMPACT_SLICE = 10_000;
/** Staged frames fetched per query by the readers. */
const FETCH_CHUNK = 500;

/** A staged frame as the readers get it. */
export interface StagedRow {
  ts: number;
  tagset: number;
  data: FrameData;
}

/** The staged frames of one device, in commit order: enough to find them again. */
class StagedDevice {
  readonly ts: number[] = [];
  readonly tagsets: number[] = [];
  readonly seqs: number[] = [];
  /** Newest staged ts: a frame after it cannot be a staged duplicate. */
  maxTs = -Infinity;
  /** Newest ts of the device in history_frames (undefined until read): a frame after it is not stored there. */
  storedMaxTs: number | undefined;

  has(ts: number, tagset: number): boolean {
    if (ts > this.maxTs) return false;
    for (let i = 0; i < this.ts.length; i++) if (this.ts[i] === ts && this.tagsets[i] === tagset) return true;
    return false;
  }

  add(ts: number, tagset: number, seq: number): void {
    this.ts.push(ts);
    this.tagsets.push(tagset);
    this.seqs.push(seq);
    if (ts > this.maxTs) this.maxTs = ts;
  }

  /** Drops the frames up to seq `through` (a prefix, seqs grow); returns the newest ts dropped. */
  drop(through: number): number {
    let k = 0;
    while (k < this.seqs.length && this.seqs[k]! <= through) k++;
    let newest = -Infinity;
    for (let i = 0; i < k; i++) newest = Math.max(newest, this.ts[i]!);
    this.ts.splice(0, k);
    this.tagsets.splice(0, k);
    this.seqs.splice(0, k);
    this.maxTs = this.ts.length === 0 ? -Infinity : Math.max(...this.ts);
    return newest;
  }
}

/**
 * SQLite: the frames committed but not yet moved into history_frames (table history_recent,
 * migration 0007). A batch appends its frames there (a few pages per commit however many
 * devices it holds, where inserting them at each device's end of the history_frames key
 * writes several pages per frame), and after each rollup flush the frames its watermark covers
 * move into history_frames in bulk, sorted by key, many per page. Memory keeps the device,
 * time, tag set and seq of each staged frame: to tell a redelivered duplicate (staged, or
 * stored in history_frames when not newer than the device's newest stored frame) without a
 * query, and to let the readers find a device's staged frames and fetch them by seq.
 *
 * Every method using the better-sqlite3 handle runs while holding Kysely's single connection
 * (the batch transaction, or `db.connection()` here), so nothing interleaves.
 */
export class HistoryStage {
  private readonly devices = new Map<number, StagedDevice>();
  /** Committed batches still staged, in commit order. */
  private readonly batches: { at: number; lastSeq: number; count: number }[] = [];
  private staged = 0;
  private readonly insert: SQLite.Statement;
  private readonly probe: SQLite.Statement;
  private readonly storedMax: SQLite.Statement;
  private readonly move: SQLite.Statement;
  private readonly remove: SQLite.Statement;
  private readonly fetchBySeq = new Map<number, SQLite.Statement>();
  private readonly moved: SQLite.Statement;
  /** Frames staged by the batch transaction under way (forgotten if it fails). */
  private open: { count: number; lastSeq: number } | null = null;
  private openDevices: StagedDevice[] = [];

  constructor(
    private readonly db: Kysely<Database>,
    private readonly file: SQLite.Database,
  ) {
    this.insert = file.prepare(
      'insert into history_recent (device_id, ts, tagset, writer, ingested_at, data) values (?,?,?,?,?,?)',
    );
    this.probe = file
      .prepare('select 1 from history_frames where device_id = ? and ts = ? and tagset = ?')
      .pluck();
    this.storedMax = file.prepare('select max(ts) from history_frames where device_id = ?').pluck();
    this.move = file.prepare(
      'insert into history_frames (device_id, ts, tagset, writer, ingested_at, data) ' +
        'select device_id, ts, tagset, writer, ingested_at, data from history_recent where seq <= ? ' +
        'order by device_id, ts, tagset on conflict do nothing',
    );
    this.remove = file.prepare('delete from history_recent where seq <= ?');
    this.moved = file
      .prepare('select data from history_frames where device_id = ? and ts = ? and tagset = ?')
      .pluck();
  }

  /** Frames staged. */
  get size(): number {
    return this.staged;
  }

  private device(id: number): StagedDevice {
    let d = this.devices.get(id);
    if (!d) this.devices.set(id, (d = new StagedDevice()));
    return d;
  }

  // ---- inside the batch transaction ----

  /** Starts staging the frames of a batch transaction. */
  begin(): void {
    this.open = { count: 0, lastSeq: 0 };
    this.openDevices = [];
  }

  /**
   * Stages a frame unless it is stored already (staged, or in history_frames); false for a
   * duplicate. Inside the batch transaction, between `begin` and `end`.
   */
  stage(deviceId: number, ts: number, tagset: number, writer: number, at: number, data: FrameData): boolean {
    const d = this.device(deviceId);
    if (d.has(ts, tagset)) return false;
    d.storedMaxTs ??= (this.storedMax.get(deviceId) as number | null) ?? -Infinity;
    if (ts <= d.storedMaxTs && this.probe.get(deviceId, ts, tagset) !== undefined) return false;
    const seq = Number(this.insert.run(deviceId, ts, tagset, writer, at, data).lastInsertRowid);
    d.add(ts, tagset, seq);
    this.openDevices.push(d);
    this.open!.count++;
    this.open!.lastSeq = seq;
    return true;
  }

  /** Ends the batch transaction: committed, its frames stay staged; else they are forgotten. */
  end(committed: boolean, at: number): void {
    const open = this.open;
    this.open = null;
    if (!open) return;
    if (committed) {
      if (open.count > 0) this.batches.push({ at, lastSeq: open.lastSeq, count: open.count });
      this.staged += open.count;
    } else {
      // Each was appended to its device: take them off in reverse order.
      for (let i = this.openDevices.length - 1; i >= 0; i--) {
        const d = this.openDevices[i]!;
        d.ts.pop();
        d.tagsets.pop();
        d.seqs.pop();
        d.maxTs = d.ts.length === 0 ? -Infinity : Math.max(...d.ts);
      }
    }
    this.openDevices = [];
  }

  /**
   * Forgets a device's staged frames (outside a batch transaction, with its history_recent rows
   * deleted in the same exclusive section of the writer). The batches and `size` keep counting
   * them until the compaction that covers their batches (they size its slices only).
   */
  forget(deviceId: number): void {
    this.devices.delete(deviceId);
  }

  // ---- start, compaction, readers ----

  /** Reads what a stop or a crash left staged (at start, before any batch). */
  async load(): Promise<void> {
    await this.db.connection().execute(async () => {
      const rows = this.file
        .prepare('select seq, device_id, ts, tagset, ingested_at from history_recent order by seq')
        .all() as { seq: number; device_id: number; ts: number; tagset: number; ingested_at: number }[];
      for (const r of rows) {
        this.device(r.device_id).add(r.ts, r.tagset, r.seq);
        const last = this.batches[this.batches.length - 1];
        if (last && last.at === r.ingested_at) {
          last.lastSeq = r.seq;
          last.count++;
        } else this.batches.push({ at: r.ingested_at, lastSeq: r.seq, count: 1 });
      }
      this.staged = rows.length;
    });
  }

  /** The staged frames a writer committed after `after`, in commit order (crash recovery). */
  async framesAfter(writer: number, after: number) {
    return this.db
      .connection()
      .execute(
        async () =>
          this.file
            .prepare(
              'select device_id, ts, ingested_at, data from history_recent where writer = ? and ingested_at > ? order by seq',
            )
            .all(writer, after) as { device_id: number; ts: number; ingested_at: number; data: FrameData }[],
      );
  }

  /**
   * Moves the staged frames committed at or before `watermark` (their rollups are stored) into
   * history_frames, a slice of whole batches per transaction, oldest first. Returns how many moved.
   *
   * A slice is chosen, moved and forgotten in memory synchronously while holding the connection
   * (batches commit only under it). `seq` is the rowid: once the delete empties history_recent
   * the next commit reuses seqs from 1, so memory forgetting `seq <= through` after releasing
   * the connection also forgot a batch committed in between, still staged: invisible to the
   * readers and to the duplicate check (a re-send was staged and rolled up a second time).
   */
  async compact(watermark: number): Promise<number> {
    let moved = 0;
    for (;;) {
      // Nothing covered: no turn of the connection (a batch committed meanwhile is newer still).
      if (this.batches.length === 0 || this.batches[0]!.at > watermark) return moved;
      const count = await this.db.connection().execute(async () => {
        if (this.file.inTransaction) throw new Error('the SQLite connection is inside another transaction');
        return this.compactSlice(watermark);
      });
      if (count === 0) return moved;
      moved += count;
      // Let the batches waiting for the connection go first.
      await new Promise((r) => setImmediate(r));
    }
  }

  /** Moves and forgets the oldest slice of batches the watermark covers (holding the connection). */
  private compactSlice(watermark: number): number {
    let count = 0;
    let through = -1;
    for (const b of this.batches) {
      if (b.at > watermark || (count > 0 && count + b.count > COMPACT_SLICE)) break;
      count += b.count;
      through = b.lastSeq;
    }
    if (count === 0) return 0;
    this.file
      .transaction(() => {
        this.move.run(through);
        this.remove.run(through);
      })
      .immediate();
    while (this.batches.length > 0 && this.batches[0]!.lastSeq <= through) this.batches.shift();
    for (const d of this.devices.values()) {
      const newest = d.drop(through);
      if (d.storedMaxTs !== undefined && newest > d.storedMaxTs) d.storedMaxTs = newest;
    }
    this.staged -= count;
    return count;
  }

  /** The keys of a device's staged frames in [from, to], by key (desc: reversed); no I/O. */
  keys(deviceId: number, from: number, to: number, order: 'asc' | 'desc'): StagedKey[] {
    const d = this.devices.get(deviceId);
    if (!d) return [];
    const out: StagedKey[] = [];
    for (let i = 0; i < d.ts.length; i++) {
      const ts = d.ts[i]!;
      if (ts >= from && ts <= to) out.push({ deviceId, ts, tagset: d.tagsets[i]!, seq: d.seqs[i]! });
    }
    const asc = order === 'asc';
    return out.sort((a, b) =>
      asc ? a.ts - b.ts || a.tagset - b.tagset : b.ts - a.ts || b.tagset - a.tagset,
    );
  }

  /**
   * The frames of staged keys, in the order given. A frame moved into history_frames since the
   * keys were taken is read there (a seq is never the same frame again once moved: the row
   * found under it must match the key).
   */
  async fetch(keys: readonly StagedKey[]): Promise<StagedRow[]> {
    if (keys.length === 0) return [];
    return this.db.connection().execute(async () => {
      const found = new Map<number, FrameData>();
      for (let i = 0; i < keys.length; i += FETCH_CHUNK) {
        const chunk = keys.slice(i, i + FETCH_CHUNK);
        let stmt = this.fetchBySeq.get(chunk.length);
        if (!stmt) {
          stmt = this.file.prepare(
            `select seq, device_id, ts, tagset, data from history_recent where seq in (${chunk.map(() => '?').join(',')})`,
          );
          this.fetchBySeq.set(chunk.length, stmt);
        }
        const rows = stmt.all(...chunk.map((k) => k.seq)) as (StagedRow & {
          seq: number;
          device_id: number;
        })[];
        const bySeq = new Map(rows.map((r) => [r.seq, r]));
        for (const k of chunk) {
          const r = bySeq.get(k.seq);
          if (r && r.device_id === k.deviceId && r.ts === k.ts && r.tagset === k.tagset)
            found.set(k.seq, r.data);
        }
      }
      const out: StagedRow[] = [];
      for (const k of keys) {
        const data =
          found.get(k.seq) ?? (this.moved.get(k.deviceId, k.ts, k.tagset) as FrameData | undefined);
        if (data !== undefined) out.push({ ts: k.ts, tagset: k.tagset, data });
      }
      return out;
    });
  }
}

/** Where a staged frame is: its key and its seq in history_recent. */
export interface StagedKey {
  deviceId: number;
  ts: number;
  tagset: number;
  seq: number;
}

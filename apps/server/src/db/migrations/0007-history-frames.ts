import { sql, type Kysely } from 'kysely';
// The stored form of frames is the history store's (its codec, not its index: a migration loads nothing else).
import { encodeFrame, tagsetOf } from '../../modules/history-store/history-frame.codec.ts';
import { isPostgres, withId } from './portable.ts';

/**
 * History as frames (issue 5, ingest speed): one row per device message sample instead of one
 * row per data point.
 *
 * - history_frames (device_id, ts, tagset, writer, ingested_at, data): the values a device
 *   reported for one timestamp in one message, encoded by `history-frame.codec.ts`; keyed
 *   (device_id, ts, tagset) so that a redelivered message is stored once (ON CONFLICT DO
 *   NOTHING) and a range read of a device walks the key (WITHOUT ROWID on SQLite: the rows live
 *   in the key's b-tree). `writer` is the history_writers id of the server that stored it (0:
 *   migrated or bulk-loaded) and `ingested_at` that server's commit time, strictly increasing
 *   per writer. On PostgreSQL the index on both finds the frames a writer committed after its
 *   last rollup flush, to fold them again after a crash; on SQLite those frames are still in
 *   history_recent.
 * - history_recent (SQLite; created on both engines, unused on PostgreSQL): the same frames
 *   appended in commit order (`seq`, the rowid), before they move into history_frames. A
 *   device's frames sit at their own end of the history_frames key, so committing them one
 *   message at a time there writes several pages per frame (a leaf per device per commit, and
 *   the splits of rows of hundreds of bytes); appended here, a commit writes a few pages, and
 *   they move into history_frames in bulk (many frames per device per page) once the rollups
 *   covering them are flushed.
 * - history_writers (id, name, watermark, flushed_at): each server's ingest writer, by a name
 *   stable across restarts (MQTT client id or hostname). The writer keeps the per-minute
 *   rollups and last values of what it committed in memory and writes them every few seconds,
 *   in one transaction with `watermark` = the newest ingested_at they include.
 * - history_1m and tag_last_values are unchanged (now written by those flushes).
 *
 * Rows of the old `history` table are moved into frames (one per device and timestamp, writer
 * 0, ingested_at 0: their rollups and last values are already stored), then it is dropped.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  await db.schema
    .createTable('history_frames')
    .addColumn('device_id', 'integer', (c) => c.notNull())
    .addColumn('ts', 'bigint', (c) => c.notNull())
    .addColumn('tagset', 'integer', (c) => c.notNull())
    .addColumn('writer', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ingested_at', 'bigint', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('history_frames_pk', ['device_id', 'ts', 'tagset'])
    .$call((b) => (pg ? b : b.modifyEnd(sql`without rowid`)))
    .execute();
  if (pg) {
    await db.schema
      .createIndex('history_frames_ingested_idx')
      .on('history_frames')
      .columns(['writer', 'ingested_at'])
      .execute();
  }
  await db.schema
    .createTable('history_recent')
    .addColumn('seq', pg ? 'bigint' : 'integer', (c) =>
      pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey(),
    )
    .addColumn('device_id', 'integer', (c) => c.notNull())
    .addColumn('ts', 'bigint', (c) => c.notNull())
    .addColumn('tagset', 'integer', (c) => c.notNull())
    .addColumn('writer', 'integer', (c) => c.notNull())
    .addColumn('ingested_at', 'bigint', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('history_writers'))
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('watermark', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('flushed_at', 'bigint')
    .execute();

  await moveRows(db);
  await db.schema.dropTable('history').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // The frames are not turned back into rows: going down loses the history stored since.
  await db.schema
    .createTable('history')
    .addColumn('device_id', 'integer', (c) => c.notNull())
    .addColumn('tag_id', 'integer', (c) => c.notNull())
    .addColumn('ts', 'bigint', (c) => c.notNull())
    .addColumn('num', 'double precision')
    .addColumn('txt', 'text')
    .addPrimaryKeyConstraint('history_pk', ['device_id', 'tag_id', 'ts'])
    .$call((b) => (isPostgres(db) ? b : b.modifyEnd(sql`without rowid`)))
    .execute();
  await db.schema.dropTable('history_recent').execute();
  await db.schema.dropTable('history_writers').execute();
  await db.schema.dropTable('history_frames').execute();
}

interface OldRow {
  ts: number;
  num: number | null;
  txt: string | null;
}

const CHUNK = 5000;

/**
 * Moves the old rows into frames, device by device: one cursor per (device, tag) walks the old
 * key in chunks and the cursors are merged by time, so memory stays at a chunk per tag.
 */
async function moveRows(db: Kysely<unknown>): Promise<void> {
  const keys = await sql<{ device_id: number; tag_id: number }>`
    select distinct device_id, tag_id from history order by device_id, tag_id`.execute(db);
  const byDevice = new Map<number, number[]>();
  for (const k of keys.rows) {
    const list = byDevice.get(Number(k.device_id)) ?? [];
    list.push(Number(k.tag_id));
    byDevice.set(Number(k.device_id), list);
  }
  for (const [deviceId, tagIds] of byDevice) {
    const cursors = tagIds.map((tagId) => ({ tagId, rows: [] as OldRow[], i: 0, edge: -1, done: false }));
    const fill = async (c: (typeof cursors)[number]) => {
      const r = await sql<OldRow>`select ts, num, txt from history
        where device_id = ${deviceId} and tag_id = ${c.tagId} and ts > ${c.edge} order by ts limit ${CHUNK}`.execute(
        db,
      );
      c.rows = r.rows.map((x) => ({
        ts: Number(x.ts),
        num: x.num === null ? null : Number(x.num),
        txt: x.txt,
      }));
      c.i = 0;
      c.done = c.rows.length < CHUNK;
      if (c.rows.length > 0) c.edge = c.rows[c.rows.length - 1]!.ts;
    };
    for (const c of cursors) await fill(c);
    const frames: { ts: number; tagset: number; data: string }[] = [];
    for (;;) {
      let ts = Infinity;
      for (const c of cursors) if (c.i < c.rows.length) ts = Math.min(ts, c.rows[c.i]!.ts);
      if (ts === Infinity) break;
      const v = { ids: [] as number[], nums: [] as (number | null)[], txts: [] as (string | null)[] };
      for (const c of cursors) {
        const row = c.rows[c.i];
        if (!row || row.ts !== ts) continue;
        v.ids.push(c.tagId);
        v.nums.push(row.num);
        v.txts.push(row.txt);
        if (++c.i >= c.rows.length && !c.done) await fill(c);
      }
      frames.push({ ts, tagset: tagsetOf(v.ids), data: encodeFrame(v) });
      if (frames.length >= 500) await insertFrames(db, deviceId, frames.splice(0));
    }
    if (frames.length > 0) await insertFrames(db, deviceId, frames);
  }
}

async function insertFrames(
  db: Kysely<unknown>,
  deviceId: number,
  frames: { ts: number; tagset: number; data: string }[],
): Promise<void> {
  const values = frames.map((f) => sql`(${deviceId}, ${f.ts}, ${f.tagset}, 0, 0, ${f.data})`);
  await sql`insert into history_frames (device_id, ts, tagset, writer, ingested_at, data)
    values ${sql.join(values)} on conflict do nothing`.execute(db);
}

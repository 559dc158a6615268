import { sql, type Kysely } from 'kysely';
import { decodeFrame, encodeFrame } from '../../modules/history-store/history-frame.codec.ts';
import { isPostgres } from './portable.ts';

/**
 * PostgreSQL: history frames' `data` becomes `bytea` (issue 27, docs/benchmarks.md "Scale-out").
 * Frames of numbers are then stored in the BLOB form SQLite has used since issue 12, sent as a
 * binary parameter: a 60-value frame encodes in 0.6 µs instead of 7 µs and takes about a third
 * of the bytes. The rows written as JSON text keep their text as UTF-8 bytes; readers tell the
 * forms apart by the first byte (`history-frame.codec.ts`). SQLite is unchanged: its column
 * takes both forms already.
 *
 * On PostgreSQL the type change rewrites history_frames once (an exclusive lock for as long as
 * the copy takes): on a large table, run it in a maintenance window.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const table of ['history_frames', 'history_recent'])
    await sql`alter table ${sql.table(table)} alter column data type bytea using convert_to(data, 'UTF8')`.execute(
      db,
    );
}

const CHUNK = 1000;

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  // Frames in the BLOB form go back to JSON text first, a chunk at a time along the key.
  let after = { device_id: -1, ts: '-1', tagset: 0 };
  for (;;) {
    const { rows } = await sql<{ device_id: number; ts: string; tagset: number; data: Uint8Array }>`
      select device_id, ts, tagset, data from history_frames
      where (device_id, ts, tagset) > (${after.device_id}, ${after.ts}, ${after.tagset}) and get_byte(data, 0) <> 91
      order by device_id, ts, tagset limit ${CHUNK}`.execute(db);
    for (const r of rows) {
      const text = encodeFrame(decodeFrame(r.data));
      await sql`update history_frames set data = ${Buffer.from(text, 'utf8')}
        where device_id = ${r.device_id} and ts = ${r.ts} and tagset = ${r.tagset}`.execute(db);
    }
    if (rows.length < CHUNK) break;
    const last = rows[rows.length - 1]!;
    after = { device_id: last.device_id, ts: String(last.ts), tagset: last.tagset };
  }
  for (const table of ['history_frames', 'history_recent'])
    await sql`alter table ${sql.table(table)} alter column data type text using convert_from(data, 'UTF8')`.execute(
      db,
    );
}

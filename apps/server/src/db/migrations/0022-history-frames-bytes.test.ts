import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import {
  decodeFrame,
  encodeFrame,
  encodeFrameBytes,
} from '../../modules/history-store/history-frame.codec.ts';
import { createDatabase } from '../create-database.ts';
import { migrateTo, migrateToLatest } from '../migrator.ts';

/*
 * Migration 0022 on PostgreSQL: history frames' `data` from text to bytea. Frames written as text
 * before read back the same after it, new frames in both forms read back, and going down turns
 * every frame back into JSON text.
 */
const DATABASE_URL = process.env.DATABASE_URL;
const schema = `test_${randomBytes(6).toString('hex')}`;

afterAll(async () => {
  if (!DATABASE_URL) return;
  const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 1 });
  await pool.query(`drop schema if exists "${schema}" cascade`);
  await pool.end();
});

const numbers = { ids: [1, 2, 700], nums: [1.5, null, -3e300], txts: null };
const texts = {
  ids: [4, 5],
  nums: [null, 2 ** 60],
  txts: ['a "quoted" \u0000 text', String(2n ** 60n + 1n)],
};

describe.runIf(DATABASE_URL)('migration 0022 (PostgreSQL frames as bytea)', () => {
  it('keeps the frames written as text, stores both forms as bytes, and goes back to text', async () => {
    const { db } = createDatabase({ databaseUrl: DATABASE_URL, databaseSchema: schema, dataDir: '' });
    try {
      await migrateTo(db, '0021-mail-outbox', schema);
      const insert = (ts: number, data: unknown) =>
        sql`insert into history_frames (device_id, ts, tagset, writer, ingested_at, data)
            values (1, ${ts}, 0, 0, 0, ${data})`.execute(db);
      await insert(1, encodeFrame(numbers));
      await insert(2, encodeFrame(texts));

      await migrateToLatest(db, schema);
      await insert(3, encodeFrameBytes(numbers));
      await insert(4, encodeFrameBytes(texts));
      const rows = await db.selectFrom('history_frames').select(['ts', 'data']).orderBy('ts').execute();
      expect(rows.map((r) => r.data instanceof Uint8Array)).toEqual([true, true, true, true]);
      expect((rows[2]!.data as Uint8Array)[0]).toBe(1); // the BLOB form
      const decoded = rows.map((r) => decodeFrame(r.data));
      const asStored = (v: typeof numbers | typeof texts) => decodeFrame(encodeFrame(v));
      expect(decoded).toEqual([asStored(numbers), asStored(texts), asStored(numbers), asStored(texts)]);

      await migrateTo(db, '0021-mail-outbox', schema);
      const back = await db.selectFrom('history_frames').select(['ts', 'data']).orderBy('ts').execute();
      expect(back.map((r) => r.data)).toEqual([
        encodeFrame(numbers),
        encodeFrame(texts),
        encodeFrame(numbers),
        encodeFrame(texts),
      ]);
    } finally {
      await db.destroy();
    }
  });
});

import { sql, type Kysely } from 'kysely';
import { isPostgres, withId } from './portable.ts';

/**
 * History, last values, ingest drop counters and the tag write log (issue 5).
 *
 * Values are stored in two nullable columns: `num` (double precision) for BOOL (0/1), the
 * integer types and REAL/LREAL, and `txt` for STRING and for UINT64/INT64 values beyond 2^53,
 * which keep their exact decimal text there (with `num` holding the nearest double, so charts
 * and min/max still work). Both null = the device reported the value unavailable. A double holds
 * every integer type up to 32 bits and every REAL/LREAL exactly.
 *
 * `history` is keyed (device_id, tag_id, ts), so a redelivered sample is ignored (ON CONFLICT DO
 * NOTHING) and range reads of one tag walk the key; on SQLite it is a WITHOUT ROWID table (the
 * rows live in the key's b-tree). `history_1m` holds per-minute aggregates of the same rows
 * (count, min, max, first and last), maintained by the ingest pipeline from the rows actually
 * inserted, so that a downsampled query over weeks reads minutes instead of seconds.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  const withoutRowid = <T extends { modifyEnd(s: ReturnType<typeof sql>): T }>(b: T): T =>
    pg ? b : b.modifyEnd(sql`without rowid`);

  await withoutRowid(
    db.schema
      .createTable('history')
      .addColumn('device_id', 'integer', (c) => c.notNull())
      .addColumn('tag_id', 'integer', (c) => c.notNull())
      .addColumn('ts', 'bigint', (c) => c.notNull())
      .addColumn('num', 'double precision')
      .addColumn('txt', 'text')
      .addPrimaryKeyConstraint('history_pk', ['device_id', 'tag_id', 'ts']),
  ).execute();

  await withoutRowid(
    db.schema
      .createTable('history_1m')
      .addColumn('device_id', 'integer', (c) => c.notNull())
      .addColumn('tag_id', 'integer', (c) => c.notNull())
      /** Start of the minute, ms. */
      .addColumn('minute', 'bigint', (c) => c.notNull())
      .addColumn('n', 'integer', (c) => c.notNull())
      .addColumn('mn', 'double precision')
      .addColumn('mx', 'double precision')
      .addColumn('t0', 'bigint', (c) => c.notNull())
      .addColumn('first_num', 'double precision')
      .addColumn('first_txt', 'text')
      .addColumn('t1', 'bigint', (c) => c.notNull())
      .addColumn('last_num', 'double precision')
      .addColumn('last_txt', 'text')
      .addPrimaryKeyConstraint('history_1m_pk', ['device_id', 'tag_id', 'minute']),
  ).execute();

  await withoutRowid(
    db.schema
      .createTable('tag_last_values')
      .addColumn('device_id', 'integer', (c) => c.notNull())
      .addColumn('tag_id', 'integer', (c) => c.notNull())
      .addColumn('ts', 'bigint', (c) => c.notNull())
      .addColumn('num', 'double precision')
      .addColumn('txt', 'text')
      .addPrimaryKeyConstraint('tag_last_values_pk', ['device_id', 'tag_id']),
  ).execute();

  await db.schema
    .createTable('ingest_drops')
    .addColumn('device_id', 'integer', (c) => c.primaryKey())
    .addColumn('unknown_tag', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('wrong_type', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('bad_payload', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('last_reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('last_at', 'bigint')
    .execute();

  await withId(db, db.schema.createTable('tag_writes'))
    .addColumn('team_id', 'integer', (c) => c.notNull())
    .addColumn('device_id', 'integer', (c) => c.notNull())
    .addColumn('tag_id', 'integer', (c) => c.notNull())
    .addColumn('tag_name', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('command_id', 'text', (c) => c.notNull())
    .addColumn('old_num', 'double precision')
    .addColumn('old_txt', 'text')
    .addColumn('new_num', 'double precision')
    .addColumn('new_txt', 'text')
    /** pending, ok, refused, timeout, offline, error. */
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('code', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('tag_writes_device_idx')
    .on('tag_writes')
    .columns(['device_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['tag_writes', 'ingest_drops', 'tag_last_values', 'history_1m', 'history']) {
    await db.schema.dropTable(table).execute();
  }
}

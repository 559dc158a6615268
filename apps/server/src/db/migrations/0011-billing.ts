import type { Kysely } from 'kysely';
import { withId } from './portable.ts';

/**
 * Billing (part 1): card batches and cards (issued by `npm run cards:issue`), the TAGs allocated
 * to devices, and the recharge ledger.
 *
 * - A card belongs to nobody until activated; then to the team that activated it (team_id), for
 *   good: nothing moves a card between teams (a person joining another team leaves their cards
 *   with their own team). The password is an HMAC-SHA256 keyed with CARD_PEPPER, never stored.
 *   `tail` (the last 8 symbols, what users type) is unique, so a typed tail names one card.
 * - Allocations are keyed by the device's registration row (devices.id: the hardware identity,
 *   which outlives bindings), one row per device: the TAGs stay with the device. card_id is the
 *   card that funds it (what locks when that card expires, later part).
 * - recharge_records is append-only (the service only inserts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('card_batches'))
    .addColumn('name', 'text', (c) => c.notNull().unique())
    /** 'ca' | 'ra' */
    .addColumn('type', 'text', (c) => c.notNull())
    /** The 4-symbol prefix of the batch's numbers. */
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('templates', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('tags', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('level', 'integer')
    .addColumn('gigabytes', 'integer', (c) => c.notNull().defaultTo(0))
    /** Cards of the batch activate before this time (ms, exclusive). */
    .addColumn('activate_before', 'bigint', (c) => c.notNull())
    .addColumn('card_count', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('cards'))
    .addColumn('batch_id', 'integer', (c) => c.notNull().references('card_batches.id'))
    .addColumn('type', 'text', (c) => c.notNull())
    /** The whole printed number (12 symbols). */
    .addColumn('number', 'text', (c) => c.notNull().unique())
    /** Its last 8 symbols, check symbol included: what users type. */
    .addColumn('tail', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('team_id', 'integer', (c) => c.references('teams.id'))
    .addColumn('activated_by', 'integer', (c) => c.references('users.id'))
    .addColumn('activated_at', 'bigint')
    .addColumn('expires_at', 'bigint')
    .addColumn('failed_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    /** Start of the window failed_attempts counts in. */
    .addColumn('failed_since', 'bigint')
    .addColumn('locked_until', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('cards_team_idx').on('cards').columns(['team_id', 'activated_at']).execute();

  await db.schema
    .createTable('device_tag_allocations')
    .addColumn('device_id', 'integer', (c) => c.primaryKey().references('devices.id').onDelete('cascade'))
    /** The team that allocated (the card's team). */
    .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id'))
    .addColumn('card_id', 'integer', (c) => c.notNull().references('cards.id'))
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('tags', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('device_tag_allocations_card_idx')
    .on('device_tag_allocations')
    .column('card_id')
    .execute();

  await withId(db, db.schema.createTable('recharge_records'))
    .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id'))
    /** 'activation' | 'allocation' | 'expiry' */
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('card_id', 'integer', (c) => c.notNull().references('cards.id'))
    .addColumn('device_id', 'integer')
    /** JSON: what the entry did (quota, level, tags...). */
    .addColumn('detail', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('recharge_records_team_idx')
    .on('recharge_records')
    .columns(['team_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['recharge_records', 'device_tag_allocations', 'cards', 'card_batches']) {
    await db.schema.dropTable(table).execute();
  }
}

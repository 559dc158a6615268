import type { Kysely } from 'kysely';

/**
 * Billing, Remote Access traffic (docs/api.md, Billing: Remote Access traffic).
 *
 * - ra_card_allocations: an activated RA card funds ONE device (card_id is the key), for good.
 *   Keyed by the device's registration row (devices.id), like the TAG allocations: the traffic
 *   stays with the device whatever its bindings. used_bytes: what the device's usage charged to
 *   the card (usage goes to its active card expiring first).
 * - device_traffic: one row per device registration and UTC month ('YYYY-MM'): the bytes used
 *   (incremented by one upsert per report), the month's switch (on_at: when it was turned on;
 *   null: off) and the answer to the 12G prompt (confirmed_12g_at).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ra_card_allocations')
    .addColumn('card_id', 'integer', (c) => c.primaryKey().references('cards.id'))
    .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    /** The team that allocated (the card's team). */
    .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id'))
    .addColumn('allocated_by', 'integer', (c) => c.references('users.id'))
    .addColumn('used_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('ra_card_allocations_device_idx')
    .on('ra_card_allocations')
    .column('device_id')
    .execute();

  await db.schema
    .createTable('device_traffic')
    .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('bytes_up', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('bytes_down', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('on_at', 'bigint')
    .addColumn('on_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('confirmed_12g_at', 'bigint')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('device_traffic_pk', ['device_id', 'month'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('device_traffic').execute();
  await db.schema.dropTable('ra_card_allocations').execute();
}

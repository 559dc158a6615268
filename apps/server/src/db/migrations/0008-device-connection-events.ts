import type { Kysely } from 'kysely';
import { withId } from './portable.ts';

/**
 * A device's online history (the device page): one row each time a bound device came online or
 * went offline, with the reason (`deviceConnectionReasons` of packages/domain). Written by the
 * device-state service, kept bounded per device (the newest DeviceConnectionLimits.keepPerDevice
 * rows), and deleted with the device's other recorded data when a binding ends or begins
 * (DEVICE_DATA_TABLES). The index serves both the newest-first page of a device and the trim.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('device_connection_events'))
    .addColumn('device_id', 'integer', (c) => c.notNull())
    /** 1 came online, 0 went offline. */
    .addColumn('online', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    /** Server time, ms. */
    .addColumn('at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('device_connection_events_device_idx')
    .on('device_connection_events')
    .columns(['device_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('device_connection_events').execute();
}

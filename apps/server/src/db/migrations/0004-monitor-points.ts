import type { Kysely } from 'kysely';
import { withId } from './portable.ts';

/**
 * Monitor points of the data monitor (issue 5): a device's own tags beside its template's tags,
 * and the device's TAG limit.
 *
 * `tag_id` is MONITOR_TAG_ID_BASE + id (set right after the insert, in the same transaction;
 * null only inside it), unique across every device, so a point's history never mixes with a
 * template tag's or a deleted point's. `team_id` is the team that added the point: a device
 * released and bound again by another team never shows the previous team's points. Names are
 * unique per device and team (their uniqueness against template tags is the service's).
 * `config_version` is the device's config version that first contained the point as it is now.
 *
 * `devices.tag_limit`: TAGs a device may have (template tags + points); 100 until TAG allocation
 * by Cloud Application cards sets it per device.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('monitor_points'))
    .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id'))
    .addColumn('tag_id', 'integer', (c) => c.unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('data_type', 'integer', (c) => c.notNull())
    .addColumn('rw', 'integer', (c) => c.notNull().defaultTo(2))
    .addColumn('link', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('plc_vendor', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('plc_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('station', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('component_type', 'text', (c) => c.notNull().defaultTo('word'))
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('length', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('decimals', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('step', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('config_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('monitor_points_device_name_unique', ['device_id', 'team_id', 'name'])
    .execute();
  await db.schema
    .createIndex('monitor_points_device_idx')
    .on('monitor_points')
    .columns(['device_id', 'team_id'])
    .execute();

  await db.schema
    .alterTable('devices')
    .addColumn('tag_limit', 'integer', (c) => c.notNull().defaultTo(100))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('devices').dropColumn('tag_limit').execute();
  await db.schema.dropTable('monitor_points').execute();
}

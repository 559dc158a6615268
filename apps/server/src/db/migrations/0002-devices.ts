import type { Kysely } from 'kysely';
import { withId } from './portable.ts';

/**
 * Devices, device groups, labels, single-device templates and their tags (issue 4). The
 * indexes serve the device list of a team of 10,000 devices: every filter starts with team_id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('device_groups'))
    .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id'))
    .addColumn('parent_id', 'integer')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('device_groups_team_name_unique', ['team_id', 'name'])
    .execute();
  await db.schema
    .createIndex('device_groups_parent_idx')
    .on('device_groups')
    .columns(['team_id', 'parent_id'])
    .execute();

  await withId(db, db.schema.createTable('templates'))
    .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull().defaultTo('local'))
    .addColumn('data_center', 'text', (c) => c.notNull())
    .addColumn('hmi_model', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('default_value', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('templates_team_name_unique', ['team_id', 'name'])
    .execute();

  await withId(db, db.schema.createTable('template_tags'))
    .addColumn('template_id', 'integer', (c) => c.notNull().references('templates.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('data_type', 'integer', (c) => c.notNull())
    .addColumn('rw', 'integer', (c) => c.notNull().defaultTo(2))
    .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('unit', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('decimals', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // Tag names are unique per template by validation; no constraint, so an edit may swap names.
  await db.schema
    .createIndex('template_tags_template_idx')
    .on('template_tags')
    .column('template_id')
    .execute();

  await withId(db, db.schema.createTable('devices'))
    // null while registered but not bound to a team
    .addColumn('team_id', 'integer', (c) => c.references('teams.id'))
    .addColumn('sn', 'text', (c) => c.notNull().unique())
    .addColumn('secret_hash', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('hmi'))
    .addColumn('model', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('firmware', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('registered_by', 'text', (c) => c.notNull().defaultTo('operator'))
    .addColumn('name', 'text')
    .addColumn('group_id', 'integer', (c) => c.references('device_groups.id'))
    .addColumn('template_id', 'integer', (c) => c.references('templates.id'))
    .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('hmi_sn', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('gateway_sn', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('online', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_seen_at', 'bigint')
    .addColumn('keepalive', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sync_state', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('config_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('acked_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('bind_type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('bound_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('devices_team_name_unique', ['team_id', 'name'])
    .execute();
  for (const [name, columns] of [
    ['devices_team_group_idx', ['team_id', 'group_id']],
    ['devices_team_online_idx', ['team_id', 'online']],
    ['devices_team_template_idx', ['team_id', 'template_id']],
    ['devices_team_created_idx', ['team_id', 'created_at']],
    ['devices_team_sn_idx', ['team_id', 'sn']],
  ] as const) {
    await db.schema
      .createIndex(name)
      .on('devices')
      .columns([...columns])
      .execute();
  }

  await withId(db, db.schema.createTable('labels'))
    .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('labels_team_name_unique', ['team_id', 'name'])
    .execute();

  await db.schema
    .createTable('device_labels')
    .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('label_id', 'integer', (c) => c.notNull().references('labels.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('device_labels_pk', ['device_id', 'label_id'])
    .execute();
  await db.schema.createIndex('device_labels_label_idx').on('device_labels').column('label_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['device_labels', 'labels', 'devices', 'template_tags', 'templates', 'device_groups']) {
    await db.schema.dropTable(table).execute();
  }
}

import { type Kysely } from 'kysely';
import { withId } from './portable.ts';

/**
 * Multi-device projects (docs/api.md, Projects; issue 26).
 *
 * - projects: a team's projects; `name_key` is the name in lower case, unique in the team (1092
 *   is case-insensitive, as the device and template names a machine builder types).
 * - project_devices: the devices a project uses (a device leaves the table when its row goes;
 *   unbinding keeps the row, which is why unbinding checks screen_devices first: 1091).
 * - project_screens: a project's screens, each a JSON document (scada/screen-document.ts) with a
 *   version that every save bumps (optimistic saving: a save over an older version is refused).
 * - screen_devices: which devices each screen binds, written with the screen: 1089 and 1091 are
 *   answered by an index lookup instead of parsing every document.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('projects'))
    .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_key', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('projects_team_name', ['team_id', 'name_key'])
    .execute();
  await db.schema
    .createTable('project_devices')
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('added_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('project_devices_pk', ['project_id', 'device_id'])
    .execute();
  await db.schema.createIndex('project_devices_device').on('project_devices').column('device_id').execute();
  await withId(db, db.schema.createTable('project_screens'))
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('document', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('project_screens_project').on('project_screens').column('project_id').execute();
  await db.schema
    .createTable('screen_devices')
    .addColumn('screen_id', 'integer', (c) =>
      c.notNull().references('project_screens.id').onDelete('cascade'),
    )
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('device_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('screen_devices_pk', ['screen_id', 'device_id'])
    .execute();
  await db.schema.createIndex('screen_devices_device').on('screen_devices').column('device_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('screen_devices').execute();
  await db.schema.dropTable('project_screens').execute();
  await db.schema.dropTable('project_devices').execute();
  await db.schema.dropTable('projects').execute();
}

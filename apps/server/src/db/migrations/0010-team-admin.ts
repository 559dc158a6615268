import { sql, type Kysely } from 'kysely';
import { withId } from './portable.ts';

const DATA_KINDS = [
  ['device', 'device_ids'],
  ['group', 'group_ids'],
  ['template', 'template_ids'],
  ['project', 'project_ids'],
] as const;

/**
 * Team administration (issue 13): data permissions as link tables instead of the roles' JSON id
 * lists, member-level grants (what a sub-account created stays theirs to see), security zones
 * with their role and device links, invitations, and when a member joined.
 *
 * Link tables, not JSON: a sub-account's device scope is a recursive query over granted groups
 * (SQL on both engines needs the granted ids as rows, not a JSON text each engine parses its own
 * way); the 10,000-device picker marks a page of devices as granted with a join instead of
 * loading the whole list; "which roles hold this zone / group" (1067, the effective-access view)
 * is an index lookup. The existing JSON lists are copied over and their columns dropped: one
 * source of truth.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('role_grants')
    .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
    /** 'device' | 'group' | 'template' | 'project' */
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('object_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('role_grants_pk', ['role_id', 'kind', 'object_id'])
    .execute();
  await db.schema
    .createIndex('role_grants_object_idx')
    .on('role_grants')
    .columns(['kind', 'object_id'])
    .execute();

  await db.schema
    .createTable('member_grants')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('object_id', 'integer', (c) => c.notNull())
    /** 'creator' (granted when the member created the object) or 'admin' (user data-pm 38). */
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('member_grants_pk', ['user_id', 'kind', 'object_id'])
    .execute();
  await db.schema
    .createIndex('member_grants_object_idx')
    .on('member_grants')
    .columns(['kind', 'object_id'])
    .execute();

  await withId(db, db.schema.createTable('zones'))
    .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('zones_team_name_unique', ['team_id', 'name'])
    .execute();

  // No cascade from zones: a zone held by a role cannot be deleted (1067), the service checks first.
  await db.schema
    .createTable('role_zones')
    .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
    .addColumn('zone_id', 'integer', (c) => c.notNull().references('zones.id'))
    .addPrimaryKeyConstraint('role_zones_pk', ['role_id', 'zone_id'])
    .execute();
  await db.schema.createIndex('role_zones_zone_idx').on('role_zones').column('zone_id').execute();

  // A device is in at most one zone (the primary key); team_id is the team that assigned it.
  await db.schema
    .createTable('device_zones')
    .addColumn('device_id', 'integer', (c) => c.primaryKey().references('devices.id').onDelete('cascade'))
    .addColumn('zone_id', 'integer', (c) => c.notNull().references('zones.id').onDelete('cascade'))
    .addColumn('team_id', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('device_zones_zone_idx').on('device_zones').column('zone_id').execute();

  await withId(db, db.schema.createTable('invitations'))
    .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id'))
    .addColumn('inviter_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('invitee_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('role_id', 'integer', (c) => c.references('roles.id').onDelete('set null'))
    /** 'email' | 'phone': how the invitation was sent. */
    .addColumn('channel', 'text', (c) => c.notNull())
    /** The address or number it was sent to. */
    .addColumn('account', 'text', (c) => c.notNull())
    /** 'pending' | 'accepted' | 'rejected' | 'cancelled' | 'voided' */
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('void_reason', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('decided_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('invitations_invitee_idx')
    .on('invitations')
    .columns(['invitee_id', 'state'])
    .execute();
  await db.schema
    .createIndex('invitations_team_idx')
    .on('invitations')
    .columns(['team_id', 'state'])
    .execute();

  await db.schema.alterTable('users').addColumn('joined_at', 'bigint').execute();
  // A sub-account's scope joins the devices of its granted groups by group.
  await db.schema.createIndex('devices_group_idx').on('devices').column('group_id').execute();

  // Copy the JSON id lists, then drop them.
  const roles = await sql<Record<string, unknown> & { id: number }>`
    select id, device_ids, group_ids, template_ids, project_ids from roles`.execute(db);
  for (const role of roles.rows) {
    for (const [kind, column] of DATA_KINDS) {
      const ids = [...new Set(JSON.parse(String(role[column] ?? '[]')) as number[])].filter(Number.isInteger);
      for (const id of ids) {
        await sql`insert into role_grants (role_id, kind, object_id) values (${role.id}, ${kind}, ${id})`.execute(
          db,
        );
      }
    }
  }
  for (const [, column] of DATA_KINDS) await db.schema.alterTable('roles').dropColumn(column).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [, column] of DATA_KINDS) {
    await db.schema
      .alterTable('roles')
      .addColumn(column, 'text', (c) => c.notNull().defaultTo('[]'))
      .execute();
  }
  await db.schema.dropIndex('devices_group_idx').execute();
  await db.schema.alterTable('users').dropColumn('joined_at').execute();
  for (const table of [
    'invitations',
    'device_zones',
    'role_zones',
    'zones',
    'member_grants',
    'role_grants',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}

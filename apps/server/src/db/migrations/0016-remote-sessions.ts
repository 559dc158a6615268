import { sql, type Kysely } from 'kysely';
import { withId } from './portable.ts';

/**
 * Remote access (docs/api.md, Remote access).
 *
 * - remote_sessions: every tunnel session, kept (who, device, start, end, bytes, why it ended).
 *   `instance` names the server that holds its tunnel (a server ends its own open sessions on
 *   start: after a crash they cannot be running). One operator per device: a unique partial
 *   index over the open operating VNC sessions settles two simultaneous opens.
 * - devices.vnc: the HMI's last reported VNC server state (state `vnc`; null: never reported).
 * - users.diacom: the user's DIACom switch (0/1).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('remote_sessions'))
    .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('user_name', 'text', (c) => c.notNull())
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('client', 'text', (c) => c.notNull())
    .addColumn('tunnel_id', 'text', (c) => c.notNull().unique())
    .addColumn('instance', 'text', (c) => c.notNull())
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('ended_at', 'bigint')
    .addColumn('bytes_up', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('bytes_down', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('end_reason', 'text')
    .execute();
  await db.schema
    .createIndex('remote_sessions_device_idx')
    .on('remote_sessions')
    .columns(['device_id', 'started_at'])
    .execute();
  await sql`create unique index remote_sessions_one_operator on remote_sessions (device_id) where mode = 'operate' and target = 'vnc' and ended_at is null`.execute(
    db,
  );
  await db.schema.alterTable('devices').addColumn('vnc', 'integer').execute();
  await db.schema
    .alterTable('users')
    .addColumn('diacom', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('diacom').execute();
  await db.schema.alterTable('devices').dropColumn('vnc').execute();
  await db.schema.dropTable('remote_sessions').execute();
}

import type { Kysely } from 'kysely';

/**
 * The data board and favourite devices (docs/api.md, Data board).
 *
 * - boards: one row per user: the cards (JSON, board.api.ts `boardCard[]`) and the grid layout
 *   per breakpoint (JSON, `boardLayouts`). The team is kept to read the board only in the team
 *   it was built in (a user who moves to another team starts empty).
 * - favourite_devices: the devices a user starred. Listed through the user's current data scope
 *   only, so a favourite whose device left the scope disappears without being deleted (it comes
 *   back if the scope does).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('boards')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id'))
    .addColumn('cards', 'text', (c) => c.notNull())
    .addColumn('layouts', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('favourite_devices')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('favourite_devices_pk', ['user_id', 'device_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('favourite_devices').execute();
  await db.schema.dropTable('boards').execute();
}

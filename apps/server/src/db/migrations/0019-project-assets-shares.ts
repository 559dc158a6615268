import { type Kysely } from 'kysely';
import { isPostgres, withId } from './portable.ts';

/**
 * A project's uploaded pictures and its share links (docs/api.md, Projects; issue 26).
 *
 * - project_assets: SVG drawings (stored sanitised) and PNG or JPEG pictures, the bytes in the
 *   row (`bytes`: BLOB on SQLite, bytea on PostgreSQL; at most 2 MiB each, a project holds a
 *   bounded number): one transaction keeps a picture and the screens naming it together, and a
 *   backup of the database is a backup of the drawings. `ids` is an SVG's element ids as JSON
 *   (what the designer's marks may name), read without parsing the drawing again. The rows go
 *   with their project.
 * - project_shares: the share links of a wall screen. Only the SHA-256 of a viewer token is kept
 *   (`token_hash`, unique: a presented token is found by its hash); a link is never deleted by
 *   revoking (`revoked_at`), so the owner's list says what was handed out. `team_id` is the
 *   project's, for the live sockets' bus event; the rows go with their project.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('project_assets'))
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('bytes', isPostgres(db) ? 'bytea' : 'blob', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('project_assets_project').on('project_assets').column('project_id').execute();
  await withId(db, db.schema.createTable('project_shares'))
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .addColumn('last_used_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('project_shares_project').on('project_shares').column('project_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('project_shares').execute();
  await db.schema.dropTable('project_assets').execute();
}

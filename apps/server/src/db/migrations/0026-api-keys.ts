import { type Kysely } from 'kysely';
import { withId } from './portable.ts';

/**
 * API keys (issue 29, docs/api.md "Integrations: API keys").
 *
 * - api_keys: a user's keys; `secret_hash` is the SHA-256 of the whole key (random, 32 bytes:
 *   no slow hash needed); `permissions` (JSON ids) and `device_ids` (JSON ids or null) narrow the
 *   user's current rights; `revoked_at` ends it.
 * - api_key_writes: every write made with a key, with the key's name as it was.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('api_keys'))
    .addColumn('team_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('secret_hash', 'text', (c) => c.notNull().unique())
    .addColumn('permissions', 'text', (c) => c.notNull())
    .addColumn('read_only', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('device_ids', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('last_used_at', 'bigint')
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('api_keys_user_idx').on('api_keys').column('user_id').execute();
  await withId(db, db.schema.createTable('api_key_writes'))
    .addColumn('key_id', 'integer', (c) => c.notNull().references('api_keys.id').onDelete('cascade'))
    .addColumn('key_name', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('team_id', 'integer', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('api_key_writes_key_idx')
    .on('api_key_writes')
    .columns(['key_id', 'at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('api_key_writes').execute();
  await db.schema.dropTable('api_keys').execute();
}

import { type Kysely } from 'kysely';
import { withId } from './portable.ts';

/**
 * Regions (issue 28, docs/regions.md).
 *
 * - signing_keys (the directory): Ed25519 key pairs the directory signs tokens with, published as
 *   a JWKS. `private_jwk` is encrypted with a key derived from JWT_SECRET. A key signs from
 *   `active_from`; it stays published until `retire_at` (null: not retiring).
 * - directory_outbox (the directory): what every region of an account must hear (sessions ended,
 *   account closed), one row per region, sent until the region confirms.
 * - directory_jwks (a region): the directory's last JWKS, so a region restarted while the
 *   directory is unreachable still verifies its tokens.
 * - users.global_id (a region): the directory's id of an account provisioned here; null for the
 *   accounts of this region alone (sub-accounts, the embedded default).
 * - users.tokens_after (a region): directory tokens issued before it (ms) are refused (password
 *   changed, every session ended).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('signing_keys')
    .addColumn('kid', 'text', (c) => c.primaryKey())
    .addColumn('public_jwk', 'text', (c) => c.notNull())
    .addColumn('private_jwk', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('active_from', 'bigint', (c) => c.notNull())
    .addColumn('retire_at', 'bigint')
    .execute();
  await withId(db, db.schema.createTable('directory_outbox'))
    .addColumn('region', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('error', 'text')
    .execute();
  await db.schema.createIndex('directory_outbox_due_idx').on('directory_outbox').column('next_at').execute();
  await db.schema
    .createTable('directory_jwks')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('jwks', 'text', (c) => c.notNull())
    .addColumn('fetched_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('users').addColumn('global_id', 'integer').execute();
  await db.schema.alterTable('users').addColumn('tokens_after', 'bigint').execute();
  await db.schema.createIndex('users_global_id_unique').on('users').column('global_id').unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('users_global_id_unique').execute();
  await db.schema.alterTable('users').dropColumn('tokens_after').execute();
  await db.schema.alterTable('users').dropColumn('global_id').execute();
  await db.schema.dropTable('directory_jwks').execute();
  await db.schema.dropTable('directory_outbox').execute();
  await db.schema.dropTable('signing_keys').execute();
}

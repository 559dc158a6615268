import { type Kysely } from 'kysely';

/**
 * cluster_servers.secrets: a fingerprint of the server's JWT_SECRET and CARD_PEPPER
 * (modules/cluster/shared-secrets.ts), so that a server whose secrets differ from the running
 * servers' refuses to start instead of refusing their tokens. Null for servers of an earlier
 * version (not checked).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('cluster_servers').addColumn('secrets', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('cluster_servers').dropColumn('secrets').execute();
}

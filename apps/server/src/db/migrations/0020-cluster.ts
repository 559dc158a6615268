import { type Kysely } from 'kysely';

/**
 * The servers of a cluster and the device partitions they own (docs/architecture.md,
 * "Scale-out: device partitions"; modules/cluster).
 *
 * - cluster_servers: one row per running server (`server_id`, random per process), its
 *   heartbeat `seen_at`: the live servers are those seen within the lease time, and each takes
 *   its fair share of the partitions. `instance` is its name in remote session records
 *   (MQTT_CLIENT_ID) and `url` where the other servers reach it (INTERNAL_URL): a tunnel socket
 *   that reaches another server is forwarded to the one holding the tunnel.
 * - partition_leases: who owns each of the fixed device partitions, until `expires_at`. A lease
 *   is renewed on every heartbeat; one that ran out may be taken by any server in one statement
 *   (insert, or update where expired), so two servers never both win it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('cluster_servers')
    .addColumn('server_id', 'text', (c) => c.primaryKey())
    .addColumn('instance', 'text', (c) => c.notNull())
    .addColumn('url', 'text')
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('seen_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('partition_leases')
    .addColumn('part', 'integer', (c) => c.primaryKey())
    .addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('partition_leases').execute();
  await db.schema.dropTable('cluster_servers').execute();
}

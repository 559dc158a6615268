import { type Kysely } from 'kysely';

/**
 * Sparkplug B edge nodes and their devices (issue 30, docs/protocol.md "Sparkplug B").
 *
 * - sparkplug_devices: one row per Sparkplug identity the cloud knows, each a device of the
 *   catalogue by its SN: the edge node itself (`device_id` '') and each device under it.
 *   `node_sn` is the node's SN (the MQTT client id it authenticates with on the embedded
 *   broker); `birth` the metrics of its last NBIRTH/DBIRTH (JSON: name, alias, datatype, unit,
 *   read-only), from which its template is generated once it is bound; `template_id` that
 *   generated template.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sparkplug_devices')
    .addColumn('sn', 'text', (c) => c.primaryKey())
    .addColumn('node_sn', 'text', (c) => c.notNull())
    .addColumn('group_id', 'text', (c) => c.notNull())
    .addColumn('edge_node_id', 'text', (c) => c.notNull())
    .addColumn('device_id', 'text', (c) => c.notNull())
    .addColumn('birth', 'text')
    .addColumn('template_id', 'integer')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('sparkplug_devices_identity', ['group_id', 'edge_node_id', 'device_id'])
    .execute();
  await db.schema
    .createIndex('sparkplug_devices_node_idx')
    .on('sparkplug_devices')
    .column('node_sn')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sparkplug_devices').execute();
}

import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { SparkplugDeviceRow } from '../../db/tables/sparkplug.ts';
import { catalogueDevices, deviceSecretHash, insertDevice } from '../device/index.ts';

/** A Sparkplug identity: the edge node (`deviceId` '') or a device under it. */
export interface SparkplugIdentity {
  groupId: string;
  edgeNodeId: string;
  deviceId: string;
}

/** A Sparkplug identity's row with the id of its device in the catalogue. */
export type SparkplugDevice = SparkplugDeviceRow & { device_pk: number };

/** The Sparkplug identities of the catalogue's devices (SQL only). */
export class SparkplugRepo {
  constructor(private readonly db: Kysely<Database>) {}

  private rows() {
    return this.db
      .selectFrom('sparkplug_devices')
      .innerJoin(catalogueDevices(this.db).as('devices'), 'devices.sn', 'sparkplug_devices.sn')
      .selectAll('sparkplug_devices')
      .select('devices.id as device_pk');
  }

  bySn(sn: string): Promise<SparkplugDevice | undefined> {
    return this.rows().where('sparkplug_devices.sn', '=', sn).executeTakeFirst();
  }

  bySns(sns: readonly string[]): Promise<SparkplugDevice[]> {
    if (sns.length === 0) return Promise.resolve([]);
    return this.rows().where('sparkplug_devices.sn', 'in', sns).execute();
  }

  byIdentity(id: SparkplugIdentity): Promise<SparkplugDevice | undefined> {
    return this.rows()
      .where('sparkplug_devices.group_id', '=', id.groupId)
      .where('sparkplug_devices.edge_node_id', '=', id.edgeNodeId)
      .where('sparkplug_devices.device_id', '=', id.deviceId)
      .executeTakeFirst();
  }

  /** The devices under a node (not the node itself). */
  devicesOf(nodeSn: string): Promise<SparkplugDeviceRow[]> {
    return this.db
      .selectFrom('sparkplug_devices')
      .selectAll()
      .where('node_sn', '=', nodeSn)
      .where('device_id', '!=', '')
      .execute();
  }

  /** Records an identity; false when the SN or the identity is taken already. */
  async insert(sn: string, nodeSn: string, id: SparkplugIdentity): Promise<boolean> {
    const result = await this.db
      .insertInto('sparkplug_devices')
      .values({
        sn,
        node_sn: nodeSn,
        group_id: id.groupId,
        edge_node_id: id.edgeNodeId,
        device_id: id.deviceId,
        birth: null,
        template_id: null,
        updated_at: Date.now(),
      })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /**
   * Registers a device of the catalogue for a Sparkplug device under a node: it takes the node's
   * secret hash, so that it binds with the node's PIN. False when the SN is taken.
   */
  async registerChild(sn: string, nodeSn: string): Promise<boolean> {
    const hash = await deviceSecretHash(this.db, nodeSn);
    if (hash === undefined) return false;
    const now = Date.now();
    return insertDevice(this.db, {
      sn,
      secret_hash: hash,
      kind: 'gateway',
      model: 'Sparkplug B device',
      registered_by: 'auto',
      team_id: null,
      name: null,
      group_id: null,
      template_id: null,
      last_seen_at: null,
      bound_at: null,
      hmi_sn: '',
      gateway_sn: sn,
      created_at: now,
      updated_at: now,
    });
  }

  async saveBirth(sn: string, birth: string): Promise<void> {
    await this.db
      .updateTable('sparkplug_devices')
      .set({ birth, updated_at: Date.now() })
      .where('sn', '=', sn)
      .execute();
  }

  async setTemplate(sn: string, templateId: number | null): Promise<void> {
    await this.db
      .updateTable('sparkplug_devices')
      .set({ template_id: templateId, updated_at: Date.now() })
      .where('sn', '=', sn)
      .execute();
  }
}

import type { TemplateTag } from '@hmi/domain';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { MonitorPointsTable } from '../../db/tables/monitor.ts';
import type { Selectable } from 'kysely';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * One tag of a device as every consumer needs it (config, ingest checks, live pages, writes): the
 * domain's tag fields and the tag id, plus the monitor point behind it.
 */
export interface DeviceTag extends TemplateTag {
  /** null for a template tag. */
  point: Selectable<MonitorPointsTable> | null;
}

/**
 * The tags of devices: their template's tags in template order, then their own monitor points
 * in the order they were added (monitor.api.ts). This is the one definition of "the device's
 * tags": the config publisher, ingest, live pages, tag writes, history and alarms use it
 * (through `Catalogue.tags`, modules/device/index.ts).
 */
export class DeviceTagsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** Device id -> its tags, for bound devices among `deviceIds` (unknown ids are absent). */
  async ofDevices(deviceIds: readonly number[], db: Db = this.db): Promise<Map<number, DeviceTag[]>> {
    const out = new Map<number, DeviceTag[]>();
    if (deviceIds.length === 0) return out;
    const devices = await db
      .selectFrom('devices')
      .select(['id', 'team_id', 'template_id'])
      .where('id', 'in', [...deviceIds])
      .where('team_id', 'is not', null)
      .execute();
    const templateIds = [
      ...new Set(devices.map((d) => d.template_id).filter((t): t is number => t !== null)),
    ];
    const templateTags = new Map<number, DeviceTag[]>();
    if (templateIds.length > 0) {
      const rows = await db
        .selectFrom('template_tags')
        .selectAll()
        .where('template_id', 'in', templateIds)
        .orderBy('template_id')
        .orderBy('position')
        .orderBy('id')
        .execute();
      for (const r of rows) {
        let list = templateTags.get(r.template_id);
        if (!list) templateTags.set(r.template_id, (list = []));
        list.push({
          id: r.id,
          name: r.name,
          data_type: r.data_type,
          rw: r.rw,
          address: r.address,
          unit: r.unit,
          decimals: r.decimals,
          description: r.description,
          point: null,
        });
      }
    }
    const points = await this.points(devices, db);
    for (const d of devices) {
      out.set(d.id, [
        ...(d.template_id === null ? [] : (templateTags.get(d.template_id) ?? [])),
        ...(points.get(d.id) ?? []).map(pointTag),
      ]);
    }
    return out;
  }

  /** The tags of one device (empty when it is not bound). */
  async ofDevice(deviceId: number, db: Db = this.db): Promise<DeviceTag[]> {
    return (await this.ofDevices([deviceId], db)).get(deviceId) ?? [];
  }

  /** Points of the devices' current teams, in the order they were added. */
  private async points(devices: readonly { id: number; team_id: number | null }[], db: Db) {
    const out = new Map<number, Selectable<MonitorPointsTable>[]>();
    if (devices.length === 0) return out;
    const rows = await db
      .selectFrom('monitor_points')
      .innerJoin('devices', (j) =>
        j
          .onRef('devices.id', '=', 'monitor_points.device_id')
          .onRef('devices.team_id', '=', 'monitor_points.team_id'),
      )
      .selectAll('monitor_points')
      .where(
        'monitor_points.device_id',
        'in',
        devices.map((d) => d.id),
      )
      .orderBy('monitor_points.device_id')
      .orderBy('monitor_points.id')
      .execute();
    for (const r of rows) {
      let list = out.get(r.device_id);
      if (!list) out.set(r.device_id, (list = []));
      list.push(r);
    }
    return out;
  }
}

/** A monitor point as a device tag. */
export const pointTag = (p: Selectable<MonitorPointsTable>): DeviceTag => ({
  id: p.tag_id,
  name: p.name,
  data_type: p.data_type,
  rw: p.rw,
  address: p.address,
  unit: '',
  decimals: p.decimals,
  description: p.description,
  point: p,
});

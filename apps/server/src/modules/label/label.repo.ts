import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { LabelsTable } from '../../db/tables/device-organisation.ts';
import { inScope, type DataScope } from '../../lib/data-scope.ts';
import { catalogueDevices } from '../device/index.ts';

type Db = Kysely<Database> | Transaction<Database>;
export type Label = Selectable<LabelsTable>;
/** A label as a device shows it. */
export type DeviceLabel = Pick<Label, 'id' | 'name'>;

/** Device labels of a team and their assignment to devices (Kysely only). */
export class LabelRepo {
  constructor(private readonly db: Kysely<Database>) {}

  listTeam(teamId: number, db: Db = this.db): Promise<Label[]> {
    return db
      .selectFrom('labels')
      .selectAll()
      .where('team_id', '=', teamId)
      .orderBy('name')
      .orderBy('id')
      .execute();
  }

  find(teamId: number, id: number): Promise<Label | undefined> {
    return this.db
      .selectFrom('labels')
      .selectAll()
      .where('team_id', '=', teamId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** The labels of the team among `ids`. */
  findMany(teamId: number, ids: readonly number[], db: Db = this.db): Promise<Label[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return db.selectFrom('labels').selectAll().where('team_id', '=', teamId).where('id', 'in', ids).execute();
  }

  /** Devices carrying each label, counting only devices the caller may see. */
  async deviceCounts(scope: DataScope): Promise<Map<number, number>> {
    const rows = await this.db
      .selectFrom('device_labels')
      .innerJoin(catalogueDevices(this.db).as('devices'), 'devices.id', 'device_labels.device_id')
      .select((eb) => ['device_labels.label_id', eb.fn.countAll<number>().as('n')])
      .where(inScope(scope, 'devices', 'devices.team_id', 'devices.id'))
      .groupBy('device_labels.label_id')
      .execute();
    return new Map(rows.map((r) => [r.label_id, Number(r.n)]));
  }

  insert(teamId: number, name: string, db: Db = this.db): Promise<Label> {
    return db
      .insertInto('labels')
      .values({ team_id: teamId, name, created_at: Date.now() })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  rename(id: number, name: string): Promise<Label> {
    return this.db
      .updateTable('labels')
      .set({ name })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async delete(teamId: number, id: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('device_labels').where('label_id', '=', id).execute();
      await trx.deleteFrom('labels').where('team_id', '=', teamId).where('id', '=', id).execute();
    });
  }

  /** Label ids of each device, for a page of devices (one query). */
  async labelIdsOf(deviceIds: readonly number[], db: Db = this.db): Promise<Map<number, number[]>> {
    const out = new Map<number, number[]>();
    if (deviceIds.length === 0) return out;
    const rows = await db
      .selectFrom('device_labels')
      .select(['device_id', 'label_id'])
      .where('device_id', 'in', deviceIds)
      .execute();
    for (const r of rows) {
      const list = out.get(r.device_id);
      if (list) list.push(r.label_id);
      else out.set(r.device_id, [r.label_id]);
    }
    return out;
  }

  /** Labels (id, name) of each device, in name order. */
  async labelsOf(deviceIds: readonly number[]): Promise<Map<number, DeviceLabel[]>> {
    const out = new Map<number, DeviceLabel[]>();
    if (deviceIds.length === 0) return out;
    const rows = await this.db
      .selectFrom('device_labels')
      .innerJoin('labels', 'labels.id', 'device_labels.label_id')
      .select(['device_labels.device_id', 'labels.id', 'labels.name'])
      .where('device_labels.device_id', 'in', deviceIds)
      .orderBy('labels.name')
      .execute();
    for (const r of rows) {
      const list = out.get(r.device_id);
      const label = { id: r.id, name: r.name };
      if (list) list.push(label);
      else out.set(r.device_id, [label]);
    }
    return out;
  }

  /** Replaces the label set of each device by `labelsByDevice`. */
  async setDeviceLabels(labelsByDevice: ReadonlyMap<number, readonly number[]>, db: Db): Promise<void> {
    const ids = [...labelsByDevice.keys()];
    for (let i = 0; i < ids.length; i += 500) {
      await db
        .deleteFrom('device_labels')
        .where('device_id', 'in', ids.slice(i, i + 500))
        .execute();
    }
    const rows = [...labelsByDevice].flatMap(([device_id, labels]) =>
      labels.map((label_id) => ({ device_id, label_id })),
    );
    for (let i = 0; i < rows.length; i += 300) {
      await db
        .insertInto('device_labels')
        .values(rows.slice(i, i + 300))
        .execute();
    }
  }
}

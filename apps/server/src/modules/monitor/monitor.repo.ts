import { MONITOR_TAG_ID_BASE } from '@hmi/domain';
import type { Insertable, Kysely, Transaction, Updateable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { MonitorPointsTable } from '../../db/tables/monitor.ts';
import type { DataScope } from '../../lib/data-scope.ts';
import type { Catalogue } from '../device/index.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** SQL of the data monitor: its points (the device in scope is the catalogue's). */
export class MonitorRepo {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly catalogue: Pick<Catalogue, 'device' | 'deviceById'>,
  ) {}

  /** The bound device `id` when it is in the scope, with its template's name (the catalogue's). */
  device(scope: DataScope, id: number, db: Db = this.db) {
    return this.catalogue.device(scope, id, db);
  }

  /** Inserts points and gives each its tag id (MONITOR_TAG_ID_BASE + id); returns their ids in order. */
  async insert(rows: readonly Insertable<MonitorPointsTable>[], db: Db): Promise<number[]> {
    const ids: number[] = [];
    for (const row of rows) {
      const { id } = await db
        .insertInto('monitor_points')
        .values(row)
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(id);
    }
    if (ids.length > 0) {
      await db
        .updateTable('monitor_points')
        .set((eb) => ({ tag_id: eb('id', '+', MONITOR_TAG_ID_BASE) }))
        .where('id', 'in', ids)
        .execute();
    }
    return ids;
  }

  async update(id: number, values: Updateable<MonitorPointsTable>, db: Db): Promise<void> {
    await db.updateTable('monitor_points').set(values).where('id', '=', id).execute();
  }

  /** Ids among `ids` that are points of the device in its current team. */
  async pointIdsOf(deviceId: number, teamId: number, ids: readonly number[], db: Db): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await db
      .selectFrom('monitor_points')
      .select('id')
      .where('device_id', '=', deviceId)
      .where('team_id', '=', teamId)
      .where('id', 'in', [...ids])
      .execute();
    return rows.map((r) => r.id);
  }

  async delete(ids: readonly number[], db: Db): Promise<number> {
    if (ids.length === 0) return 0;
    const r = await db
      .deleteFrom('monitor_points')
      .where('id', 'in', [...ids])
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  }

  /** Stamps points with the config version that now contains them. */
  async stamp(ids: readonly number[], version: number, db: Db): Promise<void> {
    if (ids.length === 0) return;
    await db
      .updateTable('monitor_points')
      .set({ config_version: version })
      .where('id', 'in', [...ids])
      .execute();
  }

  async configVersion(deviceId: number, db: Db): Promise<number> {
    const device = await this.catalogue.deviceById(deviceId, db);
    if (!device) throw new Error(`no device ${deviceId}`);
    return device.config_version;
  }
}

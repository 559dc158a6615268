import { MONITOR_TAG_ID_BASE } from '@hmi/domain';
import type { Insertable, Kysely, Transaction, Updateable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { MonitorPointsTable } from '../../db/tables/monitor.ts';
import { whereInScope, type DataScope } from '../../lib/data-scope.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** SQL of the data monitor: the device in scope, its points. */
export class MonitorRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** The bound device `id` when it is in the scope, with its template's name. */
  device(scope: DataScope, id: number, db: Db = this.db) {
    return db
      .selectFrom('devices')
      .leftJoin('templates', 'templates.id', 'devices.template_id')
      .select([
        'devices.id',
        'devices.team_id',
        'devices.name',
        'devices.template_id',
        'templates.name as template_name',
        'devices.online',
        'devices.sync_state',
        'devices.config_version',
        'devices.acked_version',
        'devices.tag_limit',
      ])
      .where('devices.id', '=', id)
      .$call((q) => whereInScope(q, scope, 'devices', 'devices.team_id', 'devices.id'))
      .executeTakeFirst();
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
    const row = await db
      .selectFrom('devices')
      .select('config_version')
      .where('id', '=', deviceId)
      .executeTakeFirstOrThrow();
    return row.config_version;
  }
}

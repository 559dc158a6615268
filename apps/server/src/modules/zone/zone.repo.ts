import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Zone } from '../../db/tables/team-access.ts';
import { inScope, type DataScope } from '../../lib/data-scope.ts';
import { catalogueDevices } from '../device/index.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** Security zones and which device is in which (Kysely only). */
export class ZoneRepo {
  constructor(private readonly db: Kysely<Database>) {}

  listTeam(teamId: number): Promise<Zone[]> {
    return this.db
      .selectFrom('zones')
      .selectAll()
      .where('team_id', '=', teamId)
      .orderBy('name')
      .orderBy('id')
      .execute();
  }

  find(teamId: number, id: number, db: Db = this.db): Promise<Zone | undefined> {
    return db
      .selectFrom('zones')
      .selectAll()
      .where('team_id', '=', teamId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async count(teamId: number, db: Db = this.db): Promise<number> {
    const row = await db
      .selectFrom('zones')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('team_id', '=', teamId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async nameTaken(teamId: number, name: string, exceptId?: number): Promise<boolean> {
    let q = this.db.selectFrom('zones').select('id').where('team_id', '=', teamId).where('name', '=', name);
    if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
    return (await q.executeTakeFirst()) !== undefined;
  }

  insert(teamId: number, name: string, db: Db): Promise<Zone> {
    const now = Date.now();
    return db
      .insertInto('zones')
      .values({ team_id: teamId, name, created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  rename(id: number, name: string): Promise<Zone> {
    return this.db
      .updateTable('zones')
      .set({ name, updated_at: Date.now() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Deletes a zone; its devices are in no zone afterwards. */
  async delete(id: number, db: Db): Promise<void> {
    await db.deleteFrom('device_zones').where('zone_id', '=', id).execute();
    await db.deleteFrom('zones').where('id', '=', id).execute();
  }

  /** Roles holding each zone of the team. */
  async roleCounts(teamId: number, db: Db = this.db): Promise<Map<number, number>> {
    const rows = await db
      .selectFrom('role_zones')
      .innerJoin('zones', 'zones.id', 'role_zones.zone_id')
      .select((eb) => ['role_zones.zone_id', eb.fn.countAll<number>().as('n')])
      .where('zones.team_id', '=', teamId)
      .groupBy('role_zones.zone_id')
      .execute();
    return new Map(rows.map((r) => [r.zone_id, Number(r.n)]));
  }

  /** Devices in each zone that the scope may see. */
  async deviceCounts(scope: DataScope): Promise<Map<number, number>> {
    const rows = await this.db
      .selectFrom('device_zones')
      .innerJoin(catalogueDevices(this.db).as('devices'), (j) =>
        j
          .onRef('devices.id', '=', 'device_zones.device_id')
          .onRef('devices.team_id', '=', 'device_zones.team_id'),
      )
      .select((eb) => ['device_zones.zone_id', eb.fn.countAll<number>().as('n')])
      .where(inScope(scope, 'devices', 'devices.team_id', 'devices.id'))
      .groupBy('device_zones.zone_id')
      .execute();
    return new Map(rows.map((r) => [r.zone_id, Number(r.n)]));
  }

  /** The zones of these devices of the team (devices in none are absent). */
  zonesOfDevices(teamId: number, deviceIds: readonly number[], db: Db = this.db) {
    if (deviceIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('device_zones')
      .innerJoin('zones', 'zones.id', 'device_zones.zone_id')
      .innerJoin(catalogueDevices(this.db).as('devices'), (j) =>
        j
          .onRef('devices.id', '=', 'device_zones.device_id')
          .onRef('devices.team_id', '=', 'device_zones.team_id'),
      )
      .select(['device_zones.device_id', 'device_zones.zone_id', 'zones.name as zone_name'])
      .where('device_zones.team_id', '=', teamId)
      .where('device_zones.device_id', 'in', [...deviceIds])
      .orderBy('device_zones.device_id')
      .execute();
  }

  /** The zone of a device in its current team, or undefined. */
  async zoneOf(deviceId: number): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('device_zones')
      .innerJoin(catalogueDevices(this.db).as('devices'), (j) =>
        j
          .onRef('devices.id', '=', 'device_zones.device_id')
          .onRef('devices.team_id', '=', 'device_zones.team_id'),
      )
      .select('device_zones.zone_id')
      .where('device_zones.device_id', '=', deviceId)
      .executeTakeFirst();
    return row?.zone_id;
  }

  /** Puts the devices in the zone, or in none (zoneId null). */
  async assign(teamId: number, zoneId: number | null, deviceIds: readonly number[], db: Db): Promise<void> {
    await db
      .deleteFrom('device_zones')
      .where('device_id', 'in', [...deviceIds])
      .execute();
    if (zoneId === null) return;
    await db
      .insertInto('device_zones')
      .values(deviceIds.map((device_id) => ({ device_id, zone_id: zoneId, team_id: teamId })))
      .execute();
  }

  /** The ids among `ids` that are devices in the scope. */
  async devicesInScope(scope: DataScope, ids: readonly number[]): Promise<Set<number>> {
    const rows = await this.db
      .selectFrom(catalogueDevices(this.db).as('devices'))
      .select('id')
      .where('id', 'in', [...ids])
      .where(inScope(scope, 'devices', 'devices.team_id', 'devices.id'))
      .execute();
    return new Set(rows.map((r) => r.id));
  }
}

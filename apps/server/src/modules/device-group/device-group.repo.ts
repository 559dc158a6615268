import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { DeviceGroup } from '../../db/tables/device-organisation.ts';
import { inScope, type DataScope } from '../../lib/data-scope.ts';
import type { GroupRecordRow } from './group-tree.ts';
import { catalogueDevices } from '../device/index.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** Device groups (Kysely only). */
export class DeviceGroupRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** Groups the caller may see, in name order. */
  listInScope(scope: DataScope): Promise<DeviceGroup[]> {
    return this.db
      .selectFrom('device_groups')
      .selectAll()
      .where(inScope(scope, 'groups', 'device_groups.team_id', 'device_groups.id'))
      .orderBy('name')
      .orderBy('id')
      .execute();
  }

  /** Every group of the team (for paths and subtrees), without data-permission filtering. */
  listTeam(teamId: number, db: Db = this.db): Promise<GroupRecordRow[]> {
    return db
      .selectFrom('device_groups')
      .select(['id', 'parent_id', 'name'])
      .where('team_id', '=', teamId)
      .orderBy('name')
      .orderBy('id')
      .execute();
  }

  findInScope(scope: DataScope, id: number, db: Db = this.db): Promise<DeviceGroup | undefined> {
    return db
      .selectFrom('device_groups')
      .selectAll()
      .where('id', '=', id)
      .where(inScope(scope, 'groups', 'device_groups.team_id', 'device_groups.id'))
      .executeTakeFirst();
  }

  async nameTaken(teamId: number, name: string, exceptId?: number): Promise<boolean> {
    let q = this.db
      .selectFrom('device_groups')
      .select('id')
      .where('team_id', '=', teamId)
      .where('name', '=', name);
    if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
    return (await q.executeTakeFirst()) !== undefined;
  }

  insert(g: { teamId: number; parentId: number | null; name: string }): Promise<DeviceGroup> {
    const now = Date.now();
    return this.db
      .insertInto('device_groups')
      .values({ team_id: g.teamId, parent_id: g.parentId, name: g.name, created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  update(id: number, values: { name?: string; parent_id?: number | null }): Promise<DeviceGroup> {
    return this.db
      .updateTable('device_groups')
      .set({ ...values, updated_at: Date.now() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Devices directly in each group, counting only devices the caller may see. */
  async deviceCounts(scope: DataScope): Promise<Map<number, number>> {
    const rows = await this.db
      .selectFrom(catalogueDevices(this.db).as('devices'))
      .select((eb) => ['group_id', eb.fn.countAll<number>().as('n')])
      .where(inScope(scope, 'devices', 'devices.team_id', 'devices.id'))
      .where('group_id', 'is not', null)
      .groupBy('group_id')
      .execute();
    return new Map(rows.map((r) => [Number(r.group_id), Number(r.n)]));
  }

  /** Devices of the team in any of these groups, whoever may see them. */
  async countTeamDevicesIn(teamId: number, groupIds: readonly number[], db: Db = this.db): Promise<number> {
    if (groupIds.length === 0) return 0;
    const row = await db
      .selectFrom(catalogueDevices(this.db).as('devices'))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('team_id', '=', teamId)
      .where('group_id', 'in', groupIds)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async deleteMany(teamId: number, ids: readonly number[], db: Db = this.db): Promise<void> {
    if (ids.length === 0) return;
    await db.deleteFrom('device_groups').where('team_id', '=', teamId).where('id', 'in', ids).execute();
  }
}

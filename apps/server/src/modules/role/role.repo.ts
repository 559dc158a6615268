import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { GrantKind, Role } from '../../db/tables/team-access.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** Rows written per insert: far below SQLite's parameter limit at three columns a row. */
const CHUNK = 1000;

export type GrantLists = Record<GrantKind, number[]>;
export const emptyGrants = (): GrantLists => ({ device: [], group: [], template: [], project: [] });

/** A kind of object a role or member may be granted, or a zone: how its team is checked. */
export type OwnedKind = GrantKind | 'zone';

const tableOf = {
  device: 'devices',
  group: 'device_groups',
  template: 'templates',
  zone: 'zones',
  project: 'projects',
} as const satisfies Record<OwnedKind, keyof Database>;

/** Roles, their data permissions (role_grants) and zones (role_zones). Kysely only. */
export class RoleRepo {
  constructor(private readonly db: Kysely<Database>) {}

  listTeam(teamId: number): Promise<Role[]> {
    return this.db
      .selectFrom('roles')
      .selectAll()
      .where('team_id', '=', teamId)
      .orderBy('name')
      .orderBy('id')
      .execute();
  }

  find(teamId: number, id: number, db: Db = this.db): Promise<Role | undefined> {
    return db
      .selectFrom('roles')
      .selectAll()
      .where('team_id', '=', teamId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** The role a user holds. */
  roleOfUser(userId: number) {
    return this.db
      .selectFrom('users')
      .innerJoin('roles', 'roles.id', 'users.role_id')
      .select(['roles.id', 'roles.name'])
      .where('users.id', '=', userId)
      .executeTakeFirst();
  }

  async nameTaken(teamId: number, name: string, exceptId?: number): Promise<boolean> {
    let q = this.db.selectFrom('roles').select('id').where('team_id', '=', teamId).where('name', '=', name);
    if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
    return (await q.executeTakeFirst()) !== undefined;
  }

  insert(r: { teamId: number; name: string; permissions: number[] }, db: Db): Promise<Role> {
    const now = Date.now();
    return db
      .insertInto('roles')
      .values({
        team_id: r.teamId,
        name: r.name,
        permissions: JSON.stringify(r.permissions),
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async update(id: number, values: { name?: string; permissions?: number[] }, db: Db): Promise<void> {
    await db
      .updateTable('roles')
      .set({
        ...(values.name !== undefined && { name: values.name }),
        ...(values.permissions !== undefined && { permissions: JSON.stringify(values.permissions) }),
        updated_at: Date.now(),
      })
      .where('id', '=', id)
      .execute();
  }

  async delete(id: number, db: Db): Promise<void> {
    await db.deleteFrom('role_grants').where('role_id', '=', id).execute();
    await db.deleteFrom('role_zones').where('role_id', '=', id).execute();
    await db.deleteFrom('roles').where('id', '=', id).execute();
  }

  /** Active or pending users holding the role. */
  async memberIds(roleId: number, db: Db = this.db): Promise<number[]> {
    const rows = await db
      .selectFrom('users')
      .select('id')
      .where('role_id', '=', roleId)
      .where('status', '!=', 'closed')
      .execute();
    return rows.map((r) => r.id);
  }

  /** Members per role of the team. */
  async memberCounts(teamId: number): Promise<Map<number, number>> {
    const rows = await this.db
      .selectFrom('users')
      .select((eb) => ['role_id', eb.fn.countAll<number>().as('n')])
      .where('team_id', '=', teamId)
      .where('role_id', 'is not', null)
      .where('status', '!=', 'closed')
      .groupBy('role_id')
      .execute();
    return new Map(rows.map((r) => [Number(r.role_id), Number(r.n)]));
  }

  async grantsOf(roleId: number, db: Db = this.db): Promise<GrantLists> {
    const rows = await db
      .selectFrom('role_grants')
      .select(['kind', 'object_id'])
      .where('role_id', '=', roleId)
      .orderBy('kind')
      .orderBy('object_id')
      .execute();
    const lists = emptyGrants();
    for (const r of rows) lists[r.kind].push(r.object_id);
    return lists;
  }

  /** How many ids of each kind each role of the team grants. */
  async grantCounts(teamId: number): Promise<Map<number, Record<GrantKind, number>>> {
    const rows = await this.db
      .selectFrom('role_grants')
      .innerJoin('roles', 'roles.id', 'role_grants.role_id')
      .select((eb) => ['role_grants.role_id', 'role_grants.kind', eb.fn.countAll<number>().as('n')])
      .where('roles.team_id', '=', teamId)
      .groupBy(['role_grants.role_id', 'role_grants.kind'])
      .execute();
    const out = new Map<number, Record<GrantKind, number>>();
    for (const r of rows) {
      const counts = out.get(r.role_id) ?? { device: 0, group: 0, template: 0, project: 0 };
      counts[r.kind] = Number(r.n);
      out.set(r.role_id, counts);
    }
    return out;
  }

  async zonesOf(roleId: number, db: Db = this.db): Promise<number[]> {
    const rows = await db
      .selectFrom('role_zones')
      .select('zone_id')
      .where('role_id', '=', roleId)
      .orderBy('zone_id')
      .execute();
    return rows.map((r) => r.zone_id);
  }

  /** Zones of every role of the team. */
  async teamZones(teamId: number): Promise<Map<number, number[]>> {
    const rows = await this.db
      .selectFrom('role_zones')
      .innerJoin('roles', 'roles.id', 'role_zones.role_id')
      .select(['role_zones.role_id', 'role_zones.zone_id'])
      .where('roles.team_id', '=', teamId)
      .orderBy('role_zones.zone_id')
      .execute();
    const out = new Map<number, number[]>();
    for (const r of rows) out.set(r.role_id, [...(out.get(r.role_id) ?? []), r.zone_id]);
    return out;
  }

  async replaceGrants(roleId: number, kind: GrantKind, ids: readonly number[], db: Db): Promise<void> {
    await db.deleteFrom('role_grants').where('role_id', '=', roleId).where('kind', '=', kind).execute();
    for (let i = 0; i < ids.length; i += CHUNK) {
      const rows = ids.slice(i, i + CHUNK).map((object_id) => ({ role_id: roleId, kind, object_id }));
      await db.insertInto('role_grants').values(rows).execute();
    }
  }

  async replaceZones(roleId: number, zoneIds: readonly number[], db: Db): Promise<void> {
    await db.deleteFrom('role_zones').where('role_id', '=', roleId).execute();
    if (zoneIds.length > 0) {
      await db
        .insertInto('role_zones')
        .values(zoneIds.map((zone_id) => ({ role_id: roleId, zone_id })))
        .execute();
    }
  }

  /** The team's zones with their names. */
  zoneNames(teamId: number) {
    return this.db
      .selectFrom('zones')
      .select(['id', 'name'])
      .where('team_id', '=', teamId)
      .orderBy('name')
      .orderBy('id')
      .execute();
  }

  /** The ids among `ids` that are objects of the team. */
  async ownedIds(teamId: number, kind: OwnedKind, ids: readonly number[]): Promise<Set<number>> {
    const owned = new Set<number>();
    for (let i = 0; i < ids.length; i += CHUNK) {
      const rows = await this.db
        .selectFrom(tableOf[kind])
        .select('id')
        .where('team_id', '=', teamId)
        .where('id', 'in', ids.slice(i, i + CHUNK))
        .execute();
      for (const r of rows) owned.add(r.id);
    }
    return owned;
  }
}

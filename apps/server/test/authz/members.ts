import { DEFAULT_PASSWORD, login, uniqueEmail } from '../factories.ts';
import { hashPassword } from '../../src/lib/password.ts';
import type { TestServer } from '../test-server.ts';

/*
 * Roles and sub-accounts of the authorization suites, written straight into the database (fast,
 * and independent of the role routes, which have their own rows) and signed in through the normal login route. This is the
 * one place that knows how a role and its data permissions are stored: when team administration
 * changes that storage, only this file changes.
 */

/** The data permissions of a role: ids of the team's objects (an empty list = none). */
export interface RoleScope {
  devices: readonly number[];
  groups: readonly number[];
  templates: readonly number[];
  projects: readonly number[];
}

export const emptyScope: RoleScope = { devices: [], groups: [], templates: [], projects: [] };

/** A signed-in account of the suites. */
export interface Member {
  id: number;
  teamId: number;
  email: string;
  password: string;
  name: string;
  token: string;
}

const json = (ids: readonly number[]) => JSON.stringify([...new Set(ids)]);

const KINDS = [
  ['devices', 'device'],
  ['groups', 'group'],
  ['templates', 'template'],
  ['projects', 'project'],
] as const;

/** A role of the team with these permission ids and data permissions; returns its id. */
export async function createRole(
  server: TestServer,
  teamId: number,
  permissions: readonly number[],
  scope: RoleScope = emptyScope,
  name?: string,
): Promise<number> {
  const now = Date.now();
  const { id } = await server.app.db
    .insertInto('roles')
    .values({
      team_id: teamId,
      name: name ?? `r${now.toString(36).slice(-5)}${Math.random().toString(36).slice(2, 6)}`,
      permissions: json(permissions),
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await setRoleScope(server, Number(id), scope);
  return Number(id);
}

/** The data permissions of a role now (its rows in role_grants, migration 0010). */
export async function roleScope(server: TestServer, roleId: number): Promise<RoleScope> {
  const rows = await server.app.db
    .selectFrom('role_grants')
    .select(['kind', 'object_id'])
    .where('role_id', '=', roleId)
    .execute();
  const of = (kind: string) => rows.filter((r) => r.kind === kind).map((r) => Number(r.object_id));
  return { devices: of('device'), groups: of('group'), templates: of('template'), projects: of('project') };
}

/** Replaces a role's data permissions (narrowing or widening it), as the role screen would. */
export async function setRoleScope(server: TestServer, roleId: number, scope: RoleScope): Promise<void> {
  const rows = KINDS.flatMap(([field, kind]) =>
    [...new Set(scope[field])].map((object_id) => ({ role_id: roleId, kind, object_id })),
  );
  await server.app.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('role_grants').where('role_id', '=', roleId).execute();
    if (rows.length > 0) await trx.insertInto('role_grants').values(rows).execute();
    await trx.updateTable('roles').set({ updated_at: Date.now() }).where('id', '=', roleId).execute();
  });
}

/** Adds ids to a role's data permissions. */
export async function widenRole(server: TestServer, roleId: number, add: Partial<RoleScope>): Promise<void> {
  const now = await roleScope(server, roleId);
  await setRoleScope(server, roleId, {
    devices: [...now.devices, ...(add.devices ?? [])],
    groups: [...now.groups, ...(add.groups ?? [])],
    templates: [...now.templates, ...(add.templates ?? [])],
    projects: [...now.projects, ...(add.projects ?? [])],
  });
}

/** A sub-account of the team holding the role, signed in through POST /global/login. */
export async function addMember(
  server: TestServer,
  team: { teamId: number; dataCenter: string },
  roleId: number,
  name = 'Member',
): Promise<Member> {
  const now = Date.now();
  const email = uniqueEmail('member');
  const { id } = await server.app.db
    .insertInto('users')
    .values({
      team_id: team.teamId,
      is_main: 0,
      email,
      phone: null,
      area_code: null,
      name,
      password_hash: await hashPassword(DEFAULT_PASSWORD),
      status: 'active',
      data_center: team.dataCenter,
      lang: 'en-us',
      role_id: roleId,
      created_at: now,
      updated_at: now,
      activated_at: now,
      closed_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const tokens = await login(server, email, DEFAULT_PASSWORD);
  return {
    id: Number(id),
    teamId: team.teamId,
    email,
    password: DEFAULT_PASSWORD,
    name,
    token: tokens.token,
  };
}

/** The security zones a role holds now (role_zones). */
export async function roleZones(server: TestServer, roleId: number): Promise<number[]> {
  const rows = await server.app.db
    .selectFrom('role_zones')
    .select('zone_id')
    .where('role_id', '=', roleId)
    .execute();
  return rows.map((r) => Number(r.zone_id));
}

/** Replaces the security zones a role holds (role_zones). */
export async function setRoleZones(
  server: TestServer,
  roleId: number,
  zoneIds: readonly number[],
): Promise<void> {
  await server.app.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('role_zones').where('role_id', '=', roleId).execute();
    if (zoneIds.length > 0)
      await trx
        .insertInto('role_zones')
        .values([...new Set(zoneIds)].map((zone_id) => ({ role_id: roleId, zone_id })))
        .execute();
  });
}

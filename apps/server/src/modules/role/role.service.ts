import {
  ErrorCode,
  permissionGroupsFor,
  validateRoleName,
  type Region,
  type RoleAddBodyParsed,
  type RoleDetail,
  type RoleEditBody,
  type RoleListReply,
  type RolePermissionTree,
  type RoleSummary,
} from '@hmi/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { GrantKind, Role } from '../../db/tables/team-access.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CurrentUser } from '../../lib/current-user.ts';
import type { DataKind } from '../../lib/data-scope.ts';
import { onUniqueViolation } from '../../lib/db-errors.ts';
import { assertValid } from '../../lib/validate.ts';
import type { Bus } from '../../plugins/bus.ts';
import './access.events.ts';
import { toDataGrants, type GrantRules } from './grant-rules.ts';
import { emptyGrants, type GrantLists, type RoleRepo } from './role.repo.ts';

const permissionsOf = (role: Role): number[] => JSON.parse(role.permissions) as number[];

const visibleOf: Record<GrantKind, DataKind> = {
  device: 'devices',
  group: 'groups',
  template: 'templates',
  project: 'projects',
};

/**
 * Roles of a team (SPEC section 6): a name unique in the team (1063, at most 10 characters),
 * menu and operation permissions, data permissions and security zones. A role id of another
 * team is 1062; a role held by members cannot be deleted (1072). A sub-account edits or deletes
 * only roles within its own rights, never its own (GrantRules.assertRoleInReach, 1002). A change
 * reaches its members
 * on their next request (the principal is read on every call) and at once on their sockets
 * (bus 'team.access').
 */
export class RoleService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly roles: RoleRepo,
    private readonly rules: GrantRules,
    private readonly region: Region,
    private readonly bus: Bus,
  ) {}

  async list(caller: CurrentUser): Promise<RoleListReply> {
    const [roles, members, counts, zones] = await Promise.all([
      this.roles.listTeam(caller.teamId),
      this.roles.memberCounts(caller.teamId),
      this.roles.grantCounts(caller.teamId),
      this.roles.teamZones(caller.teamId),
    ]);
    return {
      list: roles.map((r) => {
        const c = counts.get(r.id);
        return this.summary(r, members.get(r.id) ?? 0, zones.get(r.id) ?? [], {
          groups: c?.group ?? 0,
          devices: c?.device ?? 0,
          templates: c?.template ?? 0,
          projects: c?.project ?? 0,
        });
      }),
    };
  }

  /** The role of the caller's team, else 1062. */
  async require(caller: { teamId: number }, id: number): Promise<Role> {
    const role = await this.roles.find(caller.teamId, id);
    if (!role) throw new AppError(ErrorCode.E1062_ROLE_NOT_USERS);
    return role;
  }

  /** A role with its data permissions (a sub-account sees those inside its own scope only). */
  async detail(caller: CurrentUser, id: number): Promise<RoleDetail> {
    const role = await this.require(caller, id);
    const [grants, zones, members] = await Promise.all([
      this.roles.grantsOf(id),
      this.roles.zonesOf(id),
      this.roles.memberIds(id),
    ]);
    const shown = emptyGrants();
    for (const kind of Object.keys(shown) as GrantKind[]) {
      const visible = caller.scope[visibleOf[kind]];
      shown[kind] = visible === null ? grants[kind] : grants[kind].filter((g) => visible.has(g));
    }
    return {
      ...this.summary(role, members.length, zones, {
        groups: shown.group.length,
        devices: shown.device.length,
        templates: shown.template.length,
        projects: shown.project.length,
      }),
      grants: toDataGrants(shown),
    };
  }

  async add(caller: CurrentUser, body: RoleAddBodyParsed): Promise<RoleDetail> {
    const name = body.name.trim();
    assertValid('name', validateRoleName(name));
    await this.assertNameFree(caller.teamId, name);
    const permissions = this.rules.resolvePermissions(caller, [], body.permissions);
    const grants = await this.rules.resolve(caller, emptyGrants(), body.grants);
    const zones = await this.rules.resolveZones(caller, [], body.zones);
    const role = await this.unique(() =>
      this.db.transaction().execute(async (trx) => {
        const created = await this.roles.insert({ teamId: caller.teamId, name, permissions }, trx);
        await this.writeGrants(created.id, grants, trx);
        await this.roles.replaceZones(created.id, zones, trx);
        return created;
      }),
    );
    return this.detail(caller, role.id);
  }

  async edit(caller: CurrentUser, body: RoleEditBody): Promise<RoleDetail> {
    const role = await this.require(caller, body.id);
    await this.rules.assertRoleInReach(caller, role, 'change');
    const name = body.name?.trim();
    if (name !== undefined) {
      assertValid('name', validateRoleName(name));
      await this.assertNameFree(caller.teamId, name, role.id);
    }
    const permissions =
      body.permissions && this.rules.resolvePermissions(caller, permissionsOf(role), body.permissions);
    const grants = body.grants
      ? await this.rules.resolve(caller, await this.roles.grantsOf(role.id), body.grants)
      : {};
    const zones =
      body.zones && (await this.rules.resolveZones(caller, await this.roles.zonesOf(role.id), body.zones));
    const members = await this.unique(() =>
      this.db.transaction().execute(async (trx) => {
        await this.roles.update(
          role.id,
          { ...(name !== undefined && { name }), ...(permissions && { permissions }) },
          trx,
        );
        await this.writeGrants(role.id, grants, trx);
        if (zones) await this.roles.replaceZones(role.id, zones, trx);
        return this.roles.memberIds(role.id, trx);
      }),
    );
    if (members.length > 0) {
      this.bus.publish('team.access', { teamId: caller.teamId, userIds: members, change: 'scope' });
    }
    return this.detail(caller, role.id);
  }

  /** 1072 while members hold it; pending invitations naming it read as voided afterwards. */
  async delete(caller: CurrentUser, id: number): Promise<void> {
    await this.rules.assertRoleInReach(caller, await this.require(caller, id), 'change');
    await this.db.transaction().execute(async (trx) => {
      if ((await this.roles.memberIds(id, trx)).length > 0) throw new AppError(ErrorCode.E1072_ROLE_IN_USE);
      await this.roles.delete(id, trx);
    });
  }

  /** The caller's role and the zones they may operate in (the profile). */
  async profileOf(caller: CurrentUser) {
    const row = caller.isMain ? undefined : await this.roles.roleOfUser(caller.id);
    const zones = (await this.roles.zoneNames(caller.teamId)).filter(
      (z) => caller.scope.zones === null || caller.scope.zones.has(z.id),
    );
    return { role: row ? { id: row.id, name: row.name } : null, zones };
  }

  /** The permission groups a role may hold here (billing groups hidden in cn). */
  permissionTree(): RolePermissionTree {
    return {
      groups: Object.entries(permissionGroupsFor(this.region)).map(([key, permissions]) => ({
        key,
        permissions: permissions.map((p) => ({ id: p.id, name: p.name })),
      })),
    };
  }

  private summary(role: Role, members: number, zones: number[], counts: RoleSummary['counts']): RoleSummary {
    return {
      id: role.id,
      name: role.name,
      permissions: permissionsOf(role),
      zones,
      counts,
      member_count: members,
      created_at: role.created_at,
      updated_at: role.updated_at,
    };
  }

  private async writeGrants(roleId: number, grants: Partial<GrantLists>, trx: Kysely<Database>) {
    for (const [kind, ids] of Object.entries(grants) as [GrantKind, number[]][]) {
      await this.roles.replaceGrants(roleId, kind, ids, trx);
    }
  }

  private async assertNameFree(teamId: number, name: string, exceptId?: number): Promise<void> {
    if (await this.roles.nameTaken(teamId, name, exceptId)) {
      throw new AppError(ErrorCode.E1063_DUPLICATE_ROLE_NAME);
    }
  }

  /** A concurrent save of the same name loses on the unique constraint: still 1063. */
  private unique<T>(write: () => Promise<T>): Promise<T> {
    return onUniqueViolation(write, () => new AppError(ErrorCode.E1063_DUPLICATE_ROLE_NAME));
  }
}

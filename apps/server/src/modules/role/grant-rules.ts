import { ErrorCode, Perm, validateRolePermissions, type DataGrants, type Region } from '@hmi/domain';
import type { User } from '../../db/tables/accounts.ts';
import type { GrantKind, Role } from '../../db/tables/team-access.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CurrentUser } from '../../lib/current-user.ts';
import type { DataKind, ScopeLoader } from '../../lib/data-scope.ts';
import { assertValid } from '../../lib/validate.ts';
import { assertWithin } from './no-wider.ts';
import type { GrantLists, RoleRepo } from './role.repo.ts';

/** The wire's list names and the stored kinds. */
export const grantKindOf = {
  groups: 'group',
  devices: 'device',
  templates: 'template',
  projects: 'project',
} as const satisfies Record<keyof DataGrants, GrantKind>;

const scopeKindOf: Record<GrantKind, DataKind> = {
  group: 'groups',
  device: 'devices',
  template: 'templates',
  project: 'projects',
};

/** The code of an id that is not the team's (SPEC 1079 template, 1080 group, 1087 project). */
const foreignCode: Record<GrantKind, number> = {
  group: ErrorCode.E1080_INVITED_GROUP_NOT_USERS,
  device: ErrorCode.E1003_NO_DATA,
  template: ErrorCode.E1079_INVITED_TEMPLATE_NOT_USERS,
  project: ErrorCode.E1087_INVITED_PROJECT_NOT_USERS,
};

/** The data permission that is the right to hand out grants of a kind (SPEC 36, 37, 41); devices have none. */
const handOutPermission: Partial<Record<GrantKind, number>> = {
  template: Perm.TemplateDataPm,
  group: Perm.GroupDataPm,
  project: Perm.ProjectDataPm,
};

const unique = (ids: readonly number[]) => [...new Set(ids)];

const sameIds = (a: readonly number[], b: readonly number[]) => {
  const set = new Set(a);
  return set.size === new Set(b).size && b.every((id) => set.has(id));
};

const permissionsOf = (role: Role): number[] => JSON.parse(role.permissions) as number[];

/** Stored lists in the wire's shape. */
export const toDataGrants = (g: GrantLists): DataGrants => ({
  groups: g.group,
  devices: g.device,
  templates: g.template,
  projects: g.project,
});

/**
 * What a caller may grant (roles, and members' own grants) and whom it may act on. Grants: ids of
 * the caller's team only, each kind with its code (ids already granted stay as they are); changing
 * the template, group or project grants needs data-pm 36, 37 or 41 (1002); a sub-account grants
 * only inside its own scope and only permissions and zones it holds (1002), and its edit leaves
 * the existing grants it cannot see as they are. Targets: "no wider than yourself" (no-wider.ts).
 * A project id not of the team (projects table, migration 0017) is 1087.
 */
export class GrantRules {
  constructor(
    private readonly roles: RoleRepo,
    private readonly region: Region,
    private readonly scopes: ScopeLoader,
  ) {}

  /** The lists to store for each kind in `requested` (kinds left out are absent). */
  async resolve(
    caller: CurrentUser,
    existing: GrantLists,
    requested: Partial<DataGrants>,
  ): Promise<Partial<GrantLists>> {
    const out: Partial<GrantLists> = {};
    for (const [key, kind] of Object.entries(grantKindOf) as [keyof DataGrants, GrantKind][]) {
      const asked = requested[key];
      if (asked === undefined) continue;
      const ids = unique(asked);
      const granted = new Set(existing[kind]);
      const added = ids.filter((id) => !granted.has(id));
      if (added.length > 0) {
        const owned = await this.roles.ownedIds(caller.teamId, kind, added);
        if (added.some((id) => !owned.has(id))) throw new AppError(foreignCode[kind]);
      }
      const stored = this.merge(caller.scope[scopeKindOf[kind]], existing[kind], ids);
      const right = handOutPermission[kind];
      const mayHandOut = caller.isMain || right === undefined || caller.permissions.has(right);
      if (!mayHandOut && !sameIds(stored, existing[kind]))
        throw new AppError(ErrorCode.E1002_PERMISSION_DENIED);
      out[kind] = stored;
    }
    return out;
  }

  /**
   * A role the caller may give (or invite with) or, `change`, edit or delete: within the caller's
   * own rights, and for a change never the caller's own role (1002).
   */
  async assertRoleInReach(caller: CurrentUser, role: Role, purpose: 'give' | 'change'): Promise<void> {
    if (caller.isMain) return;
    if (purpose === 'change' && (await this.roles.roleOfUser(caller.id))?.id === role.id)
      throw new AppError(ErrorCode.E1002_PERMISSION_DENIED);
    const [grants, zones] = await Promise.all([this.roles.grantsOf(role.id), this.roles.zonesOf(role.id)]);
    assertWithin(caller, {
      permissions: permissionsOf(role),
      zones,
      data: Object.fromEntries(
        (Object.keys(grants) as GrantKind[]).map((kind) => [scopeKindOf[kind], grants[kind]]),
      ),
    });
  }

  /**
   * A member the caller may demote, move to another role, remove or give data permissions: never
   * the main account nor oneself for a sub-account, and only a member whose role permissions,
   * zones and whole data scope (role grants, own grants, creations) are within the caller's (1002).
   */
  async assertMemberInReach(caller: CurrentUser, user: User): Promise<void> {
    if (caller.isMain) return;
    if (user.is_main === 1 || user.id === caller.id) throw new AppError(ErrorCode.E1002_PERMISSION_DENIED);
    const [role, scope] = await Promise.all([
      user.role_id === null ? undefined : this.roles.find(caller.teamId, user.role_id),
      this.scopes.scopeOf(user),
    ]);
    const { devices, groups, templates, projects, zones } = scope;
    // A scope of the whole team (null) is a main account's: wider than any sub-account.
    if (!devices || !groups || !templates || !projects || !zones)
      throw new AppError(ErrorCode.E1002_PERMISSION_DENIED);
    assertWithin(caller, {
      permissions: role ? permissionsOf(role) : [],
      zones,
      data: { devices, groups, templates, projects },
    });
  }

  /** The zones to store: the team's (1003), held by a sub-account caller (1002). */
  async resolveZones(caller: CurrentUser, existing: readonly number[], requested: readonly number[]) {
    const ids = unique(requested);
    if (ids.length > 0) {
      const owned = await this.roles.ownedIds(caller.teamId, 'zone', ids);
      if (ids.some((id) => !owned.has(id))) throw new AppError(ErrorCode.E1003_NO_DATA);
    }
    return this.merge(caller.scope.zones, existing, ids);
  }

  /** The permission ids to store: grantable in the region (1006); held by a sub-account caller (1002). */
  resolvePermissions(caller: CurrentUser, existing: readonly number[], requested: readonly number[]) {
    const ids = unique(requested).sort((a, b) => a - b);
    assertValid('permissions', validateRolePermissions(ids, this.region));
    if (caller.isMain) return ids;
    return this.merge(caller.permissions, existing, ids).sort((a, b) => a - b);
  }

  private merge(visible: ReadonlySet<number> | null, existing: readonly number[], ids: number[]): number[] {
    if (visible === null) return ids;
    if (ids.some((id) => !visible.has(id))) throw new AppError(ErrorCode.E1002_PERMISSION_DENIED);
    return unique([...existing.filter((id) => !visible.has(id)), ...ids]);
  }
}

import { ErrorCode, validateRolePermissions, type DataGrants, type Region } from '@hmi/domain';
import type { GrantKind } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CurrentUser } from '../../lib/current-user.ts';
import type { DataKind } from '../../lib/data-scope.ts';
import { assertValid } from '../../lib/validate.ts';
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

const unique = (ids: readonly number[]) => [...new Set(ids)];

/** Stored lists in the wire's shape. */
export const toDataGrants = (g: GrantLists): DataGrants => ({
  groups: g.group,
  devices: g.device,
  templates: g.template,
  projects: g.project,
});

/**
 * What a caller may grant (roles, and members' own grants): ids of the caller's team only, each
 * kind with its code; a sub-account grants only inside its own scope and only permissions and
 * zones it holds (1002), and its edit leaves the existing grants it cannot see as they are, so
 * that it can neither widen its own access nor take away what it does not know of. Projects have
 * no table yet: their ids are taken as given (the projects issue checks them, 1087).
 */
export class GrantRules {
  constructor(
    private readonly roles: RoleRepo,
    private readonly region: Region,
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
      if (kind !== 'project' && ids.length > 0) {
        const owned = await this.roles.ownedIds(caller.teamId, kind, ids);
        if (ids.some((id) => !owned.has(id))) throw new AppError(foreignCode[kind]);
      }
      out[kind] = this.merge(caller.scope[scopeKindOf[kind]], existing[kind], ids);
    }
    return out;
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

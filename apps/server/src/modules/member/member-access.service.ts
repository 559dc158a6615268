import {
  Perm,
  type AccessReason,
  type MemberAccessItem,
  type MemberAccessQueryParsed,
  type MemberAccessReply,
} from '@hmi/domain';
import type { CurrentUser } from '../../lib/current-user.ts';
import { wholeTeam, type ScopeLoader } from '../../lib/data-scope.ts';
import { ancestry, emptyGrants, type MemberGrantRecords, type RoleRecords } from '../role/index.ts';
import type { MemberAccessRepo } from './member-access.repo.ts';
import type { MemberService } from './member.service.ts';

/**
 * The effective-access view of one member: the devices they can see (inside the caller's own
 * scope, so it reveals nothing the caller cannot see), why (the main account; the role's device
 * or group grant; the member's own grant, by creation or by an administrator) and whether they
 * may operate each one (an operating permission, device monitor 47, and the device's zone held
 * by their role, or no zone).
 */
export class MemberAccessService {
  constructor(
    private readonly repo: MemberAccessRepo,
    private readonly members: MemberService,
    private readonly scopes: ScopeLoader,
    private readonly roles: RoleRecords,
    private readonly grants: MemberGrantRecords,
  ) {}

  async access(caller: CurrentUser, q: MemberAccessQueryParsed): Promise<MemberAccessReply> {
    const user = await this.members.require(caller, q.user_id);
    const isMain = user.is_main === 1;
    const role =
      !isMain && user.role_id !== null ? await this.roles.find(caller.teamId, user.role_id) : undefined;
    const [scope, roleGrants, own, groups, zones] = await Promise.all([
      isMain ? wholeTeam(caller.teamId) : this.scopes.scopeOf(user),
      role ? this.roles.grantsOf(role.id) : emptyGrants(),
      this.grants.of(user.id, caller.teamId),
      this.repo.groups(caller.teamId),
      this.repo.zones(caller.teamId),
    ]);
    const permissions = new Set<number>(role ? (JSON.parse(role.permissions) as number[]) : []);
    const mayOperate = isMain || permissions.has(Perm.DeviceMonitor);
    const names = new Map(groups.map((g) => [g.id, g.name]));
    const roleDevices = new Set(roleGrants.device);
    const roleGroups = new Set(roleGrants.group);
    const mine = (kind: 'device' | 'group', id: number) =>
      own.creator[kind].includes(id) ? 'creator' : own.admin[kind].includes(id) ? 'admin' : null;

    const { rows, total } = await this.repo.devices(scope, caller.scope, q.search, {
      offset: (q.page - 1) * q.page_size,
      limit: q.page_size,
    });
    const list = rows.map((d): MemberAccessItem => {
      const via: AccessReason[] = [];
      if (isMain) via.push({ kind: 'main' });
      if (roleDevices.has(d.id)) via.push({ kind: 'role_device' });
      const source = mine('device', d.id);
      if (source) via.push({ kind: 'member_device', source });
      for (const g of d.group_id === null ? [] : ancestry(groups, d.group_id)) {
        const group_name = names.get(g) ?? '';
        if (roleGroups.has(g)) via.push({ kind: 'role_group', group_id: g, group_name });
        const from = mine('group', g);
        if (from) via.push({ kind: 'member_group', group_id: g, group_name, source: from });
      }
      const zoneHeld = d.zone_id === null || scope.zones === null || scope.zones.has(d.zone_id);
      return {
        device_id: d.id,
        name: d.name,
        sn: d.sn,
        zone: d.zone_id === null ? null : { id: d.zone_id, name: d.zone_name ?? '' },
        can_operate: mayOperate && zoneHeld,
        blocked_by: !mayOperate ? 'permission' : zoneHeld ? null : 'zone',
        via,
      };
    });
    return {
      user_id: user.id,
      is_main: isMain,
      role_id: role?.id ?? null,
      zones: zones.filter((z) => scope.zones === null || scope.zones.has(z.id)),
      list,
      total,
      page: q.page,
      page_size: q.page_size,
    };
  }
}

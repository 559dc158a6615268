import type {
  PickDevicesReply,
  PickGroupsReply,
  PickProjectsReply,
  PickTemplatesReply,
  RolePickDevicesQueryParsed,
} from '@hmi/domain';
import type { CurrentUser } from '../../lib/current-user.ts';
import type { DataPickerRepo, GrantHolder } from './data-picker.repo.ts';
import { withSubgroups } from './group-subtree.ts';
import type { GrantLists, RoleRepo } from './role.repo.ts';
import type { MemberGrantsRepo } from './member-grants.repo.ts';

/**
 * The data permission pickers of the role editor and of a member's own grants: the caller's
 * groups (a tree), devices (searched and paged, so a team of 10,000 devices is one page at a
 * time), templates and projects, each marked when the holder grants it. The holder must be checked by the
 * caller (a role of the team, a member of the team) before it is passed here.
 */
export class DataPickerService {
  constructor(
    private readonly repo: DataPickerRepo,
    private readonly roles: RoleRepo,
    private readonly memberGrants: MemberGrantsRepo,
  ) {}

  async devices(
    caller: CurrentUser,
    holder: GrantHolder,
    q: RolePickDevicesQueryParsed,
  ): Promise<PickDevicesReply> {
    const [grants, groups] = await Promise.all([this.grantsOf(holder), this.repo.teamGroups(caller.teamId)]);
    const viaGroups = withSubgroups(groups, grants.group);
    const { rows, total } = await this.repo.devices(
      caller.scope,
      holder,
      { search: q.search, onlyGranted: q.granted === 'true', grantedGroups: [...viaGroups] },
      { offset: (q.page - 1) * q.page_size, limit: q.page_size },
    );
    return {
      list: rows.map((r) => ({
        id: r.id,
        name: r.name,
        sn: r.sn,
        group_id: r.group_id,
        granted: r.granted,
        via_group: r.group_id !== null && viaGroups.has(r.group_id),
      })),
      total,
      page: q.page,
      page_size: q.page_size,
    };
  }

  async groups(caller: CurrentUser, holder: GrantHolder): Promise<PickGroupsReply> {
    const [grants, groups] = await Promise.all([this.grantsOf(holder), this.repo.teamGroups(caller.teamId)]);
    const granted = new Set(grants.group);
    const covered = withSubgroups(groups, granted);
    const visible = caller.scope.groups;
    return {
      list: groups
        .filter((g) => visible === null || visible.has(g.id))
        .map((g) => ({
          id: g.id,
          parent_id: g.parent_id,
          name: g.name,
          granted: granted.has(g.id),
          via_parent: !granted.has(g.id) && covered.has(g.id),
        })),
    };
  }

  async templates(caller: CurrentUser, holder: GrantHolder): Promise<PickTemplatesReply> {
    return { list: await this.repo.templates(caller.scope, holder) };
  }

  /** Projects the caller sees (a sub-account: those its role and own grants hold). */
  async projects(caller: CurrentUser, holder: GrantHolder): Promise<PickProjectsReply> {
    return { list: await this.repo.projects(caller.scope, holder) };
  }

  private async grantsOf(holder: GrantHolder): Promise<GrantLists> {
    if ('roleId' in holder) return this.roles.grantsOf(holder.roleId);
    const own = await this.memberGrants.of(holder.userId, holder.teamId);
    return {
      device: [...own.admin.device, ...own.creator.device],
      group: [...own.admin.group, ...own.creator.group],
      template: [...own.admin.template, ...own.creator.template],
      project: [...own.admin.project, ...own.creator.project],
    };
  }
}

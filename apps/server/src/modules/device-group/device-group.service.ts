import {
  buildGroupTree,
  ErrorCode,
  type GroupAddBody,
  type GroupItem,
  type GroupListReply,
  type GroupMoveBody,
  type GroupRenameBody,
  type GroupTreeNode,
} from '@hmi/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { DeviceGroup } from '../../db/tables/device-organisation.ts';
import { AppError } from '../../lib/app-error.ts';
import { onUniqueViolation } from '../../lib/db-errors.ts';
import { noCreatorGrants, type CreatorGrants } from '../../lib/creator-grants.ts';
import type { CurrentUser } from '../../lib/current-user.ts';
import type { Bus } from '../../plugins/bus.ts';
import type { DeviceGroupRepo } from './device-group.repo.ts';
import { subtreeIds, type GroupRecordRow } from './group-tree.ts';
import { presentGroup } from './device-group.presenter.ts';

/**
 * Device groups of a team: a tree of names unique in the team (1083). Every group id of a
 * request must be in the caller's team and group data permissions (else 1027); a group whose
 * subtree holds devices cannot be deleted (1032), otherwise it is deleted with its subgroups.
 */
export class DeviceGroupService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly groups: DeviceGroupRepo,
    private readonly creators: CreatorGrants = noCreatorGrants,
    /** A moved group moves its devices' scope: 'device.scope' (remote sessions are checked again). */
    private readonly bus: Bus | null = null,
  ) {}

  async list(caller: CurrentUser): Promise<GroupListReply> {
    const [rows, counts] = await Promise.all([
      this.groups.listInScope(caller.scope),
      this.groups.deviceCounts(caller.scope),
    ]);
    const list = rows.map((g) => presentGroup(g, counts.get(g.id) ?? 0));
    return { list, tree: buildGroupTree(list) as GroupTreeNode[] };
  }

  /** Every group of the caller's team (for paths and subtrees), whatever the caller may see. */
  teamGroups(teamId: number): Promise<GroupRecordRow[]> {
    return this.groups.listTeam(teamId);
  }

  /** The group, when the caller may use it; else 1027. */
  async require(caller: CurrentUser, id: number): Promise<DeviceGroup> {
    const group = await this.groups.findInScope(caller.scope, id);
    if (!group) throw new AppError(ErrorCode.E1027_ILLEGAL_GROUP_ID);
    return group;
  }

  async add(caller: CurrentUser, body: GroupAddBody): Promise<GroupItem> {
    const parentId = body.parent_id ?? null;
    if (parentId !== null) await this.require(caller, parentId);
    await this.assertNameFree(caller.teamId, body.name);
    const created = await this.unique(() =>
      this.groups.insert({ teamId: caller.teamId, parentId, name: body.name }),
    );
    await this.creators.created(caller, 'group', created.id);
    return presentGroup(created, 0);
  }

  async rename(caller: CurrentUser, body: GroupRenameBody): Promise<GroupItem> {
    await this.require(caller, body.id);
    await this.assertNameFree(caller.teamId, body.name, body.id);
    const updated = await this.unique(() => this.groups.update(body.id, { name: body.name }));
    return presentGroup(updated, await this.countOf(caller, body.id));
  }

  /** Moves a group under another (or to the root); under itself or a descendant is 1006. */
  async move(caller: CurrentUser, body: GroupMoveBody): Promise<GroupItem> {
    await this.require(caller, body.id);
    if (body.parent_id !== null) {
      await this.require(caller, body.parent_id);
      const below = subtreeIds(await this.groups.listTeam(caller.teamId), body.id);
      if (below.includes(body.parent_id)) {
        throw new AppError(ErrorCode.E1006_BAD_PARAMETER, {
          where: 'body',
          fields: [{ path: 'parent_id', message: 'a group cannot move under itself or its subgroups' }],
        });
      }
    }
    const updated = await this.groups.update(body.id, { parent_id: body.parent_id });
    this.bus?.publish('device.scope', { teamId: caller.teamId, deviceIds: null });
    return presentGroup(updated, await this.countOf(caller, body.id));
  }

  async delete(caller: CurrentUser, id: number): Promise<void> {
    await this.require(caller, id);
    await this.db.transaction().execute(async (trx) => {
      const ids = subtreeIds(await this.groups.listTeam(caller.teamId, trx), id);
      if ((await this.groups.countTeamDevicesIn(caller.teamId, ids, trx)) > 0) {
        throw new AppError(ErrorCode.E1032_GROUP_HAS_DEVICES);
      }
      await this.groups.deleteMany(caller.teamId, ids, trx);
    });
  }

  private async countOf(caller: CurrentUser, id: number): Promise<number> {
    return (await this.groups.deviceCounts(caller.scope)).get(id) ?? 0;
  }

  private async assertNameFree(teamId: number, name: string, exceptId?: number): Promise<void> {
    if (await this.groups.nameTaken(teamId, name, exceptId)) {
      throw new AppError(ErrorCode.E1083_TEAM_GROUP_DUPLICATE);
    }
  }

  /** A concurrent insert of the same name loses on the unique constraint: still 1083. */
  private unique<T>(write: () => Promise<T>): Promise<T> {
    return onUniqueViolation(write, () => new AppError(ErrorCode.E1083_TEAM_GROUP_DUPLICATE));
  }
}

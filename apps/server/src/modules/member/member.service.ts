import {
  ErrorCode,
  fillText,
  messageTexts,
  resolveLocale,
  type DataGrants,
  type MemberDataPm,
  type MemberDataPmBody,
  type MemberItem,
  type MemberListQueryParsed,
  type MemberListReply,
} from '@hmi/domain';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { User } from '../../db/tables/accounts.ts';
import type { GrantKind, Role } from '../../db/tables/team-access.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CurrentUser } from '../../lib/current-user.ts';
import type { DataKind } from '../../lib/data-scope.ts';
import {
  emptyGrants,
  toDataGrants,
  type GrantLists,
  type GrantRules,
  type MemberGrantRecords,
  type RoleRecords,
  type RoleService,
} from '../role/index.ts';
import type { MemberRepo } from './member.repo.ts';
import type { MembershipService } from './membership.service.ts';
import { presentMember } from './member.presenter.ts';

/** Notices in the message centre (the messages module's MessageService). */
export interface Notices {
  notice(
    to: { teamId: number; userId: number },
    text: { title: string; body: string },
    db?: Transaction<Database>,
  ): Promise<void>;
  changed(teamId: number, userIds: number[]): void;
}

/** Someone who was invited to the team and has not accepted (1075 instead of 1010). */
export type InvitedCheck = (teamId: number, userId: number) => Promise<boolean>;

const scopeKind: Record<GrantKind, DataKind> = {
  device: 'devices',
  group: 'groups',
  template: 'templates',
  project: 'projects',
};

const texts = (lang: string) => messageTexts[resolveLocale(lang)].member;

/**
 * Members of a team (SPEC section 6, /system/user): the list, a member's role, their own data
 * permissions, removal, and leaving. A user id must be a member of the caller's team (1010, or
 * 1075 when only invited). The main account cannot be removed (1077) nor given a role or data
 * permissions (1081); nobody changes their own role or data permissions or removes themselves
 * (1002: leave instead). A sub-account gives only roles within what it holds itself, and acts only
 * on members within its own rights (GrantRules.assertMemberInReach, 1002).
 */
export class MemberService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly repo: MemberRepo,
    private readonly roles: RoleService,
    private readonly roleRepo: RoleRecords,
    private readonly grants: MemberGrantRecords,
    private readonly rules: GrantRules,
    private readonly membership: MembershipService,
    private readonly notices: Notices,
    private readonly invited: InvitedCheck,
  ) {}

  async list(caller: CurrentUser, q: MemberListQueryParsed): Promise<MemberListReply> {
    const { rows, total } = await this.repo.page(
      caller.teamId,
      { search: q.search, roleId: q.role_id },
      { offset: (q.page - 1) * q.page_size, limit: q.page_size },
    );
    return { list: rows.map(presentMember), total, page: q.page, page_size: q.page_size };
  }

  /** A member of the caller's team; 1075 for someone only invited, else 1010. */
  async require(caller: CurrentUser, userId: number): Promise<User> {
    const user = await this.repo.findMember(caller.teamId, userId);
    if (user) return user;
    if (await this.invited(caller.teamId, userId)) throw new AppError(ErrorCode.E1075_NOT_ACCEPTED);
    throw new AppError(ErrorCode.E1010_USER_NOT_FOUND);
  }

  /** A sub-account of the team other than the caller, for changes an administrator makes. */
  private async requireOther(caller: CurrentUser, userId: number, mainCode: number): Promise<User> {
    const user = await this.require(caller, userId);
    if (user.is_main === 1) throw new AppError(mainCode);
    if (user.id === caller.id) throw new AppError(ErrorCode.E1002_PERMISSION_DENIED);
    return user;
  }

  async changeRole(caller: CurrentUser, userId: number, roleId: number): Promise<MemberItem> {
    const user = await this.requireOther(caller, userId, ErrorCode.E1081_NO_DATA_RIGHTS_FOR_MAIN);
    await this.rules.assertMemberInReach(caller, user);
    const role = await this.roles.require(caller, roleId);
    await this.assertAssignable(caller, role);
    await this.repo.setRole(user.id, role.id);
    this.membership.announce(caller.teamId, [user.id], 'scope');
    return presentMember((await this.repo.one(caller.teamId, user.id))!);
  }

  /**
   * Removes a member: back to their own account at once (sessions end, sockets close); the
   * team's data stays with the team. They find a notice in their own message centre.
   */
  async remove(caller: CurrentUser, userId: number): Promise<void> {
    const user = await this.requireOther(caller, userId, ErrorCode.E1077_CANNOT_REMOVE_MAIN);
    await this.rules.assertMemberInReach(caller, user);
    const team = await this.repo.team(caller.teamId);
    const home = await this.db.transaction().execute(async (trx) => {
      const to = await this.membership.leave(user, trx);
      const t = texts(user.lang).removed;
      await this.notices.notice(
        { teamId: to, userId: user.id },
        {
          title: fillText(t.title, { team: team?.name ?? '' }),
          body: fillText(t.body, { team: team?.name ?? '' }),
        },
        trx,
      );
      return to;
    });
    await this.membership.endSessions(user.id, caller.teamId);
    this.notices.changed(home, [user.id]);
  }

  /** The caller leaves their team (1071 for a main account); the main account gets a notice. */
  async leave(caller: CurrentUser): Promise<void> {
    const user = await this.repo.findUser(caller.id);
    if (!user) throw new AppError(ErrorCode.E1010_USER_NOT_FOUND);
    const team = await this.repo.team(user.team_id);
    const main = await this.repo.mainOf(user.team_id);
    await this.db.transaction().execute(async (trx) => {
      await this.membership.leave(user, trx);
      if (main && team) {
        const t = texts(main.lang).left;
        const params = { member: user.name, team: team.name };
        await this.notices.notice(
          { teamId: team.id, userId: main.id },
          { title: fillText(t.title, params), body: fillText(t.body, params) },
          trx,
        );
      }
    });
    this.membership.announce(user.team_id, [user.id], 'team');
    if (main) this.notices.changed(user.team_id, [main.id]);
  }

  async dataPm(caller: CurrentUser, userId: number): Promise<MemberDataPm> {
    const user = await this.require(caller, userId);
    if (user.is_main === 1) throw new AppError(ErrorCode.E1081_NO_DATA_RIGHTS_FOR_MAIN);
    const [own, role] = await Promise.all([
      this.grants.of(user.id, caller.teamId),
      user.role_id === null ? emptyGrants() : this.roleRepo.grantsOf(user.role_id),
    ]);
    return {
      user_id: user.id,
      role_id: user.role_id,
      grants: this.visible(caller, own.admin),
      created: this.visible(caller, own.creator),
      role_grants: this.visible(caller, role),
    };
  }

  /**
   * Replaces the member's administrator grants of each kind given (1081 for the main account);
   * never one's own (1002), only a member within the caller's rights (1002).
   */
  async setDataPm(caller: CurrentUser, body: MemberDataPmBody): Promise<MemberDataPm> {
    const user = await this.requireOther(caller, body.user_id, ErrorCode.E1081_NO_DATA_RIGHTS_FOR_MAIN);
    await this.rules.assertMemberInReach(caller, user);
    const existing = (await this.grants.of(user.id, caller.teamId)).admin;
    const lists = await this.rules.resolve(caller, existing, body.grants);
    await this.db.transaction().execute(async (trx) => {
      for (const [kind, ids] of Object.entries(lists) as [GrantKind, number[]][]) {
        await this.grants.replaceAdmin(user.id, caller.teamId, kind, ids, trx);
      }
    });
    this.membership.announce(caller.teamId, [user.id], 'scope');
    return this.dataPm(caller, user.id);
  }

  /** A sub-account gives (or invites with) only a role within its own rights (1002). */
  assertAssignable(caller: CurrentUser, role: Role): Promise<void> {
    return this.rules.assertRoleInReach(caller, role, 'give');
  }

  /** Grants shown to the caller: a sub-account sees those inside its own scope. */
  private visible(caller: CurrentUser, g: GrantLists): DataGrants {
    const out = emptyGrants();
    for (const kind of Object.keys(out) as GrantKind[]) {
      const held = caller.scope[scopeKind[kind]];
      out[kind] = held === null ? g[kind] : g[kind].filter((id) => held.has(id));
    }
    return toDataGrants(out);
  }
}

import { ErrorCode } from '@hmi/domain';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { User } from '../../db/tables/accounts.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Bus } from '../../plugins/bus.ts';
import type { MemberGrantRecords, TeamAccessEvent } from '../role/index.ts';
import type { MemberRepo } from './member.repo.ts';

type Trx = Transaction<Database>;

/**
 * What other modules do when a person joins or leaves a team, inside the same transaction.
 * The invitation module voids the pending invitations a leaving person sent (reason
 * inviter_left). Billing needs no hook: a card and its recharge records belong to the team that
 * activated it (cards.team_id, recharge_records.team_id) and nothing moves them, so a person's
 * own top-up cards never carry over into the team they join and stay with their own team, which
 * they return to (billing-account.test.ts, membership).
 */
export interface MembershipHooks {
  joined?(user: { id: number }, fromTeamId: number, toTeamId: number, trx: Trx): Promise<void>;
  left?(user: { id: number }, teamId: number, trx: Trx): Promise<void>;
}

/** Ends every session of a user (the session module's SessionService). */
export interface SessionEnder {
  endAll(userId: number): Promise<void>;
}

/** Something that blocks joining a team, with the code accepting gives. */
export interface JoinBlocker {
  code: number;
  count: number;
}

/**
 * Moving people between teams. A person joins as a member with a role; their own team stays
 * theirs (teams.owner_id) and empty while they are away, so their billing cards and records stay
 * with them. Leaving (or being removed) brings them back as the main account of their own team,
 * or of a new one when they never had one; the team they leave keeps all its data, and their
 * own grants there are dropped. Joining needs the account's own team to hold no devices (1053),
 * templates (1054) or members (1069), and projects once they exist (the projects issue adds the
 * count here), checked in the accepting transaction.
 */
export class MembershipService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly repo: MemberRepo,
    private readonly grants: MemberGrantRecords,
    private readonly sessions: SessionEnder,
    private readonly bus: Bus,
    private readonly region: string,
    private readonly hooks: readonly MembershipHooks[],
  ) {}

  /** What stops this account from joining another team now (empty = nothing). */
  async blockers(user: User, db: Kysely<Database> | Trx = this.db): Promise<JoinBlocker[]> {
    if (user.is_main !== 1) return [{ code: ErrorCode.E1069_JOINED_ANOTHER_TEAM, count: 1 }];
    const held = await this.repo.holdings(user.team_id, user.id, db);
    const out: JoinBlocker[] = [];
    if (held.members > 0) out.push({ code: ErrorCode.E1069_JOINED_ANOTHER_TEAM, count: held.members });
    if (held.devices > 0) out.push({ code: ErrorCode.E1053_ACCOUNT_HAS_DEVICES, count: held.devices });
    if (held.templates > 0) out.push({ code: ErrorCode.E1054_ACCOUNT_HAS_TEMPLATES, count: held.templates });
    return out;
  }

  /**
   * Inside `trx`: the user joins the team with the role, after the blockers are checked again
   * (the first one is thrown). Compare-and-set on the user's current team: a concurrent move
   * gives 1084.
   */
  async join(user: User, teamId: number, roleId: number, trx: Trx): Promise<void> {
    if (user.team_id === teamId) throw new AppError(ErrorCode.E1084_ALREADY_JOINED);
    const [first] = await this.blockers(user, trx);
    if (first) throw new AppError(first.code, { count: first.count });
    const at = Date.now();
    const moved = await this.repo.move(user.id, user.team_id, { teamId, isMain: false, roleId, at }, trx);
    if (!moved) throw new AppError(ErrorCode.E1084_ALREADY_JOINED);
    for (const hook of this.hooks) await hook.joined?.(user, user.team_id, teamId, trx);
  }

  /**
   * Inside `trx`: the member leaves their team (1071 for a main account): back to the team they
   * own, or a new one. Returns the team they are in now.
   */
  async leave(user: User, trx: Trx): Promise<number> {
    if (user.is_main === 1) throw new AppError(ErrorCode.E1071_NOT_IN_TEAM);
    const at = Date.now();
    const home =
      (await this.repo.ownTeam(user.id, user.team_id, trx)) ??
      (await this.repo.createTeam(user, this.region, at, trx));
    const moved = await this.repo.move(
      user.id,
      user.team_id,
      { teamId: home, isMain: true, roleId: null, at },
      trx,
    );
    if (!moved) throw new AppError(ErrorCode.E1071_NOT_IN_TEAM);
    await this.grants.deleteAll(user.id, trx);
    for (const hook of this.hooks) await hook.left?.(user, user.team_id, trx);
    return home;
  }

  /** After a removal committed: the person's sessions end and their sockets close at once. */
  async endSessions(userId: number, teamId: number): Promise<void> {
    await this.sessions.endAll(userId);
    this.announce(teamId, [userId], 'removed');
  }

  /** Tells every server's sockets of these users to re-read them. */
  announce(teamId: number, userIds: number[], change: TeamAccessEvent['change']): void {
    if (userIds.length > 0) this.bus.publish('team.access', { teamId, userIds, change });
  }
}

import {
  ErrorCode,
  InvitationOutcome,
  MenuPath,
  normalizePhone,
  validateEmail,
  validatePhone,
  DEFAULT_PHONE_AREA_CODE,
  type InvitationBody,
  type InvitationCheckReply,
  type InvitationConfirmReply,
  type InvitationItem,
  type InvitationListQueryParsed,
  type InvitationListReply,
  type MyInvitationListReply,
  type MyInvitationQueryParsed,
} from '@hmi/domain';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { User } from '../../db/tables/accounts.ts';
import type { InvitationState } from '../../db/tables/team-access.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CurrentUser } from '../../lib/current-user.ts';
import { assertValid } from '../../lib/validate.ts';
import type { Mailer } from '../../plugins/mail.ts';
import type { MemberService, MembershipService, Notices } from '../member/index.ts';
import type { RoleService } from '../role/index.ts';
import { invitationMail, inviteeText, inviterText } from './invitation-texts.ts';
import { presentMyInvitation, readState, refusalOf, presentTeamInvitation } from './invitation.presenter.ts';
import type { AccountKey, InvitationRepo, InvitationRow } from './invitation.repo.ts';
import type { InvitationLimits } from './invitation-limits.ts';
import type { InvitationNotices } from './invitation-notices.ts';

const storedOf: readonly InvitationState[] = ['pending', 'accepted', 'rejected', 'cancelled', 'voided'];

/**
 * Team invitations (see invitation.api.ts for the codes): sent by email or SMS to an existing
 * account of this data center, answered by the invitee; every transition is compare-and-set from
 * a pending state that has not expired; expiry is judged when read. Each outcome has its own
 * message for the invitee (GET /msg/team/invation, and a notice in their message centre) and a
 * notice to the inviter when the invitee answers.
 */
export class InvitationService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly repo: InvitationRepo,
    private readonly roles: RoleService,
    private readonly members: MemberService,
    private readonly membership: MembershipService,
    private readonly notices: Notices,
    private readonly mailer: Mailer,
    private readonly region: string,
    private readonly publicUrl: string,
    private readonly limits: InvitationLimits,
    /** The invitee's notice when an invitation is cancelled (and voided: the membership hook). */
    private readonly endNotices: InvitationNotices,
  ) {}

  /** Whether the team has a live pending invitation to the user (member calls: 1075). */
  readonly isInvited = (teamId: number, userId: number): Promise<boolean> =>
    this.repo.isInvited(teamId, userId, Date.now());

  /**
   * Invites an account (docs/api.md, Invitations): the limits first (1036, every call counts),
   * then the account checks. One pending invitation per team and person: inviting again
   * refreshes it (role, inviter, a new 7 days) instead of adding one, without a new notice, and
   * mails again only once the last mail of this team to this person is INVITE_RESEND_WINDOW old.
   */
  async invite(caller: CurrentUser, body: InvitationBody, ip: string): Promise<InvitationItem> {
    await this.limits.beforeLookup(caller, ip);
    const role = await this.roles.require(caller, body.role_id);
    await this.members.assertAssignable(caller, role);
    const key = accountKey(body.account, body.area_code);
    const invitee = await this.repo.findAccount(key);
    if (!invitee || invitee.status === 'closed') throw new AppError(ErrorCode.E1010_USER_NOT_FOUND);
    if (invitee.status === 'pending') throw new AppError(ErrorCode.E1031_EMAIL_NOT_VERIFIED);
    if (!invitee.data_center.split(',').includes(this.region)) {
      throw new AppError(ErrorCode.E1078_NOT_THIS_DATA_CENTER);
    }
    if (invitee.team_id === caller.teamId) throw new AppError(ErrorCode.E1076_ALREADY_JOINED);
    const blockers = await this.membership.blockers(invitee);
    if (blockers.some((b) => b.code === ErrorCode.E1069_JOINED_ANOTHER_TEAM)) {
      throw new AppError(ErrorCode.E1069_JOINED_ANOTHER_TEAM);
    }
    const team = await this.db
      .selectFrom('teams')
      .select('name')
      .where('id', '=', caller.teamId)
      .executeTakeFirstOrThrow();
    const inviter = await this.db
      .selectFrom('users')
      .select('name')
      .where('id', '=', caller.id)
      .executeTakeFirstOrThrow();
    const names = { team: team.name, inviter: inviter.name, role: role.name };

    const pending = await this.repo.isInvited(caller.teamId, invitee.id, Date.now());
    // A refresh reaches the person only by mail; a new invitation also by a notice.
    const mailSlot = await this.limits.takeMailSlot(caller.teamId, invitee.id);
    const reach = mailSlot !== null || !pending ? await this.limits.takeReachSlot(invitee.id) : null;
    const mailNow = mailSlot !== null && reach !== null;
    if (mailSlot !== null && !mailNow) await this.limits.release([mailSlot]);
    // Sent before anything is written: a failed mail or SMS leaves nothing behind.
    if (mailNow)
      await this.send(key, invitee.lang, names).catch(async (err: unknown) => {
        await this.limits.release([mailSlot, reach]);
        throw err;
      });

    const now = Date.now();
    const { id, created } = await this.db.transaction().execute(async (trx) => {
      // Concurrent invitations to one person run one after another (PostgreSQL row lock).
      await this.repo.lockInvitee(invitee.id, trx);
      const values = {
        inviter_id: caller.id,
        role_id: role.id,
        channel: 'email' in key ? ('email' as const) : ('phone' as const),
        account: 'email' in key ? key.email : `${key.areaCode}${key.phone}`,
      };
      const refreshed = await this.repo.refreshPending(caller.teamId, invitee.id, values, now, trx);
      if (refreshed !== undefined) return { id: refreshed, created: false };
      const created = await this.repo.insert(
        { ...values, team_id: caller.teamId, invitee_id: invitee.id },
        now,
        trx,
      );
      if (reach !== null) {
        await this.notices.notice(
          { teamId: invitee.team_id, userId: invitee.id },
          inviteeText(invitee.lang, 'pending', names),
          trx,
        );
      }
      return { id: created, created: true };
    });
    if (created && reach !== null) this.notices.changed(invitee.team_id, [invitee.id]);
    // A concurrent invitation created it first: this one reached nobody.
    if (!created && !mailNow && reach !== null) await this.limits.release([reach]);
    return presentTeamInvitation((await this.repo.find(id))!, Date.now());
  }

  /** The invitation mail or SMS (1064 / 1070 when it cannot be sent). */
  private async send(key: AccountKey, lang: string, names: { team: string; inviter: string; role: string }) {
    const mail = invitationMail(lang, { ...names, link: `${this.publicUrl}/#${MenuPath.MsgSystem}` });
    if ('email' in key) {
      await this.mailer
        .sendMail({ to: key.email, subject: mail.subject, text: mail.text })
        .catch(() => Promise.reject(new AppError(ErrorCode.E1064_INVITATION_EMAIL_FAILED)));
    } else {
      await this.mailer
        .sendSms({
          to: `${key.areaCode}${key.phone}`,
          template: 'team_invitation',
          params: { inviter: names.inviter, team: names.team },
          text: mail.sms,
        })
        .catch(() => Promise.reject(new AppError(ErrorCode.E1070_INVITATION_SMS_FAILED)));
    }
  }

  async list(caller: CurrentUser, q: InvitationListQueryParsed): Promise<InvitationListReply> {
    const now = Date.now();
    const { rows, total } = await this.repo.page({ teamId: caller.teamId }, stateOf(q.state), now, {
      offset: (q.page - 1) * q.page_size,
      limit: q.page_size,
    });
    return {
      list: rows.map((r) => presentTeamInvitation(r, now)),
      total,
      page: q.page,
      page_size: q.page_size,
    };
  }

  /** The inviting team cancels a pending invitation (1003 not the team's; a decided one: its code). */
  async cancel(caller: CurrentUser, id: number): Promise<InvitationItem> {
    const row = await this.repo.find(id);
    if (!row || row.team_id !== caller.teamId) throw new AppError(ErrorCode.E1003_NO_DATA);
    const now = Date.now();
    await this.db.transaction().execute(async (trx) => {
      if (!(await this.repo.transition(id, 'cancelled', null, now, trx))) {
        const read = readState(row, now);
        throw new AppError(refusalOf(read.state, read.void_reason));
      }
      await this.endNotices.noticeInvitee(id, 'cancelled', trx);
    });
    const invitee = await this.db
      .selectFrom('users')
      .select('team_id')
      .where('id', '=', row.invitee_id)
      .executeTakeFirst();
    if (invitee) this.notices.changed(invitee.team_id, [row.invitee_id]);
    return presentTeamInvitation((await this.repo.find(id))!, Date.now());
  }

  /** GET /msg/team/invation: the caller's invitations, each with the message of its state. */
  async mine(caller: CurrentUser, q: MyInvitationQueryParsed): Promise<MyInvitationListReply> {
    const now = Date.now();
    const user = await this.user(caller.id);
    const [{ rows, total }, pending] = await Promise.all([
      this.repo.page({ inviteeId: caller.id }, stateOf(q.state), now, {
        offset: (q.page - 1) * q.page_size,
        limit: q.page_size,
      }),
      this.repo.countPending(caller.id, now),
    ]);
    return {
      list: rows.map((r) => presentMyInvitation(r, user.lang, now)),
      total,
      pending,
      page: q.page,
      page_size: q.page_size,
    };
  }

  /** What accepting would mean for the caller, and what blocks it now. */
  async check(caller: CurrentUser, id: number): Promise<InvitationCheckReply> {
    const now = Date.now();
    const row = await this.mineOrFail(caller, id);
    const user = await this.user(caller.id);
    const read = readState(row, now);
    const blockers = [];
    if (read.state !== InvitationOutcome.Pending)
      blockers.push({ code: refusalOf(read.state, read.void_reason), count: 0 });
    else if (!(await this.inviterStillThere(row)))
      blockers.push({ code: ErrorCode.E1073_INVITER_LEFT, count: 0 });
    blockers.push(...(await this.membership.blockers(user)));
    return {
      invitation: presentMyInvitation(row, user.lang, now),
      role_permissions: row.role_permissions ? (JSON.parse(row.role_permissions) as number[]) : [],
      can_accept: blockers.length === 0,
      blockers,
      leaves_own_team: user.is_main === 1,
      billing_cards_stay: true,
      top_up_cards_carry_over: false,
      voids_other_invitations: await this.repo.countPending(caller.id, now, id),
    };
  }

  /** Accepts or rejects an invitation to the caller. */
  async confirm(caller: CurrentUser, id: number, accept: boolean): Promise<InvitationConfirmReply> {
    const row = await this.mineOrFail(caller, id);
    const now = Date.now();
    const read = readState(row, now);
    if (read.state !== InvitationOutcome.Pending) throw new AppError(refusalOf(read.state, read.void_reason));
    if (!(await this.inviterStillThere(row))) {
      await this.repo.transition(id, 'voided', 'inviter_left', now);
      throw new AppError(ErrorCode.E1073_INVITER_LEFT);
    }
    const inviter = await this.user(row.inviter_id);
    const invitee = await this.user(caller.id);
    const names = { team: row.team_name, inviter: row.inviter_name, role: row.role_name };
    const told = new Map<number, number[]>();
    const tell = (teamId: number, userId: number) => told.set(teamId, [...(told.get(teamId) ?? []), userId]);

    await this.db.transaction().execute(async (trx) => {
      if (!(await this.repo.transition(id, accept ? 'accepted' : 'rejected', null, now, trx))) {
        const fresh = await this.repo.find(id, trx);
        const read = readState(fresh ?? row, now);
        throw new AppError(refusalOf(read.state, read.void_reason));
      }
      const reply = { invitee: invitee.name, team: row.team_name, role: row.role_name };
      await this.notices.notice(
        { teamId: row.team_id, userId: inviter.id },
        inviterText(inviter.lang, accept ? 'accepted' : 'rejected', reply),
        trx,
      );
      tell(row.team_id, inviter.id);
      if (!accept) return;
      await this.membership.join(invitee, row.team_id, row.role_id!, trx);
      await this.notices.notice(
        { teamId: row.team_id, userId: invitee.id },
        inviteeText(invitee.lang, 'accepted', names),
        trx,
      );
      tell(row.team_id, invitee.id);
      // Accepting voids the person's other pending invitations; their inviters are told.
      for (const other of await this.repo.voidPending(
        { inviteeId: invitee.id, exceptId: id },
        'accepted_elsewhere',
        now,
        trx,
      )) {
        const o = await this.repo.find(other.id, trx);
        const by = await this.user(other.inviter_id, trx);
        if (!o) continue;
        await this.notices.notice(
          { teamId: o.team_id, userId: by.id },
          inviterText(by.lang, 'voided', { invitee: invitee.name, team: o.team_name, role: o.role_name }),
          trx,
        );
        tell(o.team_id, by.id);
      }
    });
    for (const [teamId, userIds] of told) this.notices.changed(teamId, userIds);
    if (accept) this.membership.announce(invitee.team_id, [invitee.id], 'team');
    const team = accept ? row.team_id : invitee.team_id;
    const teamName = accept
      ? row.team_name
      : (await this.db.selectFrom('teams').select('name').where('id', '=', team).executeTakeFirstOrThrow())
          .name;
    return {
      state: accept ? InvitationOutcome.Accepted : InvitationOutcome.Rejected,
      team_id: team,
      team_name: teamName,
    };
  }

  private async mineOrFail(caller: CurrentUser, id: number): Promise<InvitationRow> {
    const row = await this.repo.find(id);
    if (!row || row.invitee_id !== caller.id) throw new AppError(ErrorCode.E1003_NO_DATA);
    return row;
  }

  /** The inviter is still an active member of the inviting team. */
  private async inviterStillThere(row: InvitationRow): Promise<boolean> {
    const inviter = await this.db
      .selectFrom('users')
      .select('id')
      .where('id', '=', row.inviter_id)
      .where('team_id', '=', row.team_id)
      .where('status', '=', 'active')
      .executeTakeFirst();
    return inviter !== undefined;
  }

  private async user(id: number, db: Kysely<Database> | Transaction<Database> = this.db): Promise<User> {
    const user = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    if (!user) throw new AppError(ErrorCode.E1010_USER_NOT_FOUND);
    return user;
  }
}

const stateOf = (n: number | undefined): InvitationState | undefined =>
  n === undefined ? undefined : storedOf[n];

/** The account an invitation goes to: an email address, or a phone number with its area code (1006). */
function accountKey(account: string, areaCode: string | undefined): AccountKey {
  if (account.includes('@')) {
    const email = account.trim().toLowerCase();
    assertValid('account', validateEmail(email));
    return { email };
  }
  const code = areaCode ?? DEFAULT_PHONE_AREA_CODE;
  let phone = normalizePhone(account.trim());
  if (phone.startsWith(code)) phone = phone.slice(code.length);
  assertValid('account', validatePhone(phone, code));
  return { areaCode: code, phone };
}

import { ErrorCode } from '@hmi/domain';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { MembershipHooks, Notices } from '../member/index.ts';
import { inviteeText } from './invitation-texts.ts';
import type { InvitationRepo } from './invitation.repo.ts';

/**
 * What invitations say to their invitees when they end without an answer (cancelled by the team,
 * voided because the inviter left), and the membership hook that voids a leaving inviter's
 * pending invitations. Built before the membership service, which runs `hooks` in its
 * transactions; the invitation service, built after it, uses the same notices.
 */
export class InvitationNotices {
  constructor(
    private readonly repo: InvitationRepo,
    private readonly notices: Notices,
  ) {}

  /** The hook that voids the pending invitations of a person leaving the team (reason inviter_left). */
  readonly hooks: MembershipHooks = {
    left: async (user, teamId, trx) => {
      const voided = await this.repo.voidPending(
        { inviterId: user.id, teamId },
        'inviter_left',
        Date.now(),
        trx,
      );
      for (const v of voided) await this.noticeInvitee(v.id, 'voided', trx);
    },
  };

  /** A notice to the invitee of an invitation, in their language and current team. */
  async noticeInvitee(id: number, state: 'cancelled' | 'voided', trx: Transaction<Database>): Promise<void> {
    const row = await this.repo.find(id, trx);
    if (!row) return;
    const invitee = await trx
      .selectFrom('users')
      .selectAll()
      .where('id', '=', row.invitee_id)
      .executeTakeFirst();
    if (!invitee) throw new AppError(ErrorCode.E1010_USER_NOT_FOUND);
    const names = { team: row.team_name, inviter: row.inviter_name, role: row.role_name };
    await this.notices.notice(
      { teamId: invitee.team_id, userId: invitee.id },
      inviteeText(invitee.lang, state, names),
      trx,
    );
  }
}

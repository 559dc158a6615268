import { ErrorCode } from '@hmi/domain';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CurrentUser } from '../../lib/current-user.ts';
import type { RateLimiter } from '../verification/index.ts';

const KIND = {
  inviter: 'invite:user',
  team: 'invite:team',
  address: 'invite:ip',
  /** A mail (or SMS) of one team to one person: at most one per `resendWindowMs`. */
  pairMail: 'invite-mail:pair',
  /** Mails and new-invitation notices that reached one person, from any team. */
  invitee: 'invite-reach:invitee',
} as const;

/**
 * The limits of POST /system/user/invite (README, INVITE_*; docs/api.md, Invitations), counted
 * in rate_events by the shared limiter, so they hold across restarts and servers.
 */
export class InvitationLimits {
  constructor(
    private readonly limiter: RateLimiter,
    private readonly rules: Config['invitationLimits'],
  ) {}

  /**
   * Every call, before the account is looked up and whatever the answer (so also 1010, 1031,
   * 1078, 1069, 1076, which tell about the account): the inviter's, the team's and the client
   * address's invitations in their window (1036 beyond, nothing counted by the refused call).
   */
  async beforeLookup(caller: CurrentUser, ip: string): Promise<void> {
    const code = ErrorCode.E1036_TOO_FREQUENT;
    const taken: number[] = [];
    try {
      taken.push(await this.limiter.consume(KIND.inviter, String(caller.id), [this.rules.perInviter], code));
      taken.push(await this.limiter.consume(KIND.team, String(caller.teamId), [this.rules.perTeam], code));
      await this.limiter.consume(KIND.address, ip, [this.rules.perAddress], code);
    } catch (err) {
      await this.limiter.forget(taken);
      throw err;
    }
  }

  /**
   * Whether a mail of this team may go to this person now: none in the last `resendWindowMs`.
   * Takes the slot when it may (a burst of re-invitations sends one mail); `release` gives it
   * back when the mail is not sent after all.
   */
  async takeMailSlot(teamId: number, inviteeId: number): Promise<number | null> {
    try {
      return await this.limiter.consume(
        KIND.pairMail,
        `${teamId}:${inviteeId}`,
        [{ max: 1, windowMs: this.rules.resendWindowMs }],
        ErrorCode.E1036_TOO_FREQUENT,
      );
    } catch (err) {
      if (err instanceof AppError) return null;
      throw err;
    }
  }

  /**
   * Whether the person may still be reached (a mail, or the notice of a new invitation): fewer
   * than `perInvitee.max` in its window from all teams. Takes the slot when it may. Over it the
   * invitation is still stored, silently: refusing would let a stranger keep every team from
   * inviting that person, and would tell the caller about the account.
   */
  async takeReachSlot(inviteeId: number): Promise<number | null> {
    try {
      return await this.limiter.consume(
        KIND.invitee,
        String(inviteeId),
        [this.rules.perInvitee],
        ErrorCode.E1036_TOO_FREQUENT,
      );
    } catch (err) {
      if (err instanceof AppError) return null;
      throw err;
    }
  }

  release(slots: readonly (number | null)[]): Promise<void> {
    return this.limiter.forget(slots.filter((s): s is number => s !== null));
  }
}

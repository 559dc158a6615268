/** How invitations read: their state now, the refusal code of a decided one, the two views. */
import {
  ErrorCode,
  invitationStateAt,
  InvitationOutcome,
  type InvitationItem,
  type InvitationVoidReason,
  type MyInvitationItem,
} from '@hmi/domain';
import { inviteeText } from './invitation-texts.ts';
import type { InvitationRow } from './invitation.repo.ts';

/** The code of confirming (or cancelling) an invitation that no longer reads as pending. */
export function refusalOf(state: InvitationOutcome, reason: string | null): number {
  if (state === InvitationOutcome.Accepted) return ErrorCode.E1084_ALREADY_JOINED;
  if (state === InvitationOutcome.Rejected) return ErrorCode.E1075_NOT_ACCEPTED;
  if (state === InvitationOutcome.Cancelled) return ErrorCode.E1074_INVITATION_CANCELLED;
  return reason === 'inviter_left' ? ErrorCode.E1073_INVITER_LEFT : ErrorCode.E1082_INVITATION_VOIDED;
}

/** The state an invitation reads as now: expired after 7 days, voided when its role was deleted. */
export function readState(row: InvitationRow, now: number) {
  const read = invitationStateAt(row, now);
  if (read.state === InvitationOutcome.Pending && row.role_id === null) {
    return { state: InvitationOutcome.Voided, stored: 'voided' as const, void_reason: 'role_deleted' };
  }
  return read;
}

export function presentTeamInvitation(r: InvitationRow, now: number): InvitationItem {
  const read = readState(r, now);
  return {
    id: r.id,
    channel: r.channel,
    account: r.account,
    invitee_name: r.invitee_name,
    inviter_id: r.inviter_id,
    inviter_name: r.inviter_name,
    role_id: r.role_id,
    role_name: r.role_name,
    state: read.state,
    void_reason: read.void_reason as InvitationVoidReason | null,
    created_at: r.created_at,
    expires_at: r.expires_at,
    decided_at: r.decided_at,
  };
}

export function presentMyInvitation(r: InvitationRow, lang: string, now: number): MyInvitationItem {
  const read = readState(r, now);
  const text = inviteeText(lang, read.stored, {
    team: r.team_name,
    inviter: r.inviter_name,
    role: r.role_name,
  });
  return {
    id: r.id,
    team_id: r.team_id,
    team_name: r.team_name,
    inviter_name: r.inviter_name,
    role_name: r.role_name,
    state: read.state,
    void_reason: read.void_reason as InvitationVoidReason | null,
    created_at: r.created_at,
    expires_at: r.expires_at,
    decided_at: r.decided_at,
    title: text.title,
    body: text.body,
  };
}

import { Limits } from '../constants/limits.constants.ts';
import type { Region } from '../constants/regions.constants.ts';
import { InvitationOutcome } from '../constants/states.constants.ts';
import { grantablePermissionIds } from '../permissions/permission-groups.ts';
import { invalid, VALID, type ValidationResult } from './validation-result.ts';

/**
 * The permission ids of a role: each must be one the region lets a role hold
 * (grantablePermissionIds: no billing in cn, never 45). The first offending id is named.
 */
export function validateRolePermissions(ids: readonly number[], region: Region): ValidationResult {
  const grantable = new Set<number>(grantablePermissionIds(region));
  const bad = ids.find((id) => !grantable.has(id));
  return bad === undefined ? VALID : invalid('validation.rolePermissions.unknown', { id: bad });
}

export type StoredInvitationState = 'pending' | 'accepted' | 'rejected' | 'cancelled' | 'voided';

const outcomeOf: Readonly<Record<StoredInvitationState, InvitationOutcome>> = {
  pending: InvitationOutcome.Pending,
  accepted: InvitationOutcome.Accepted,
  rejected: InvitationOutcome.Rejected,
  cancelled: InvitationOutcome.Cancelled,
  voided: InvitationOutcome.Voided,
};

/**
 * The state of an invitation as read at `now`: a pending one older than
 * Limits.invitationExpiryMs (created_at + expiry <= now) is voided, reason 'expired'. Expiry is
 * judged when read, so nothing has to run when an invitation expires.
 */
export function invitationStateAt(
  stored: { state: StoredInvitationState; void_reason: string | null; created_at: number },
  now: number,
): { state: InvitationOutcome; stored: StoredInvitationState; void_reason: string | null } {
  if (stored.state === 'pending' && now >= stored.created_at + Limits.invitationExpiryMs) {
    return { state: InvitationOutcome.Voided, stored: 'voided', void_reason: 'expired' };
  }
  return { state: outcomeOf[stored.state], stored: stored.state, void_reason: stored.void_reason };
}

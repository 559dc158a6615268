import {
  permissionGroups,
  type InvitationCheckReply,
  type PermissionGroupKey,
  type UserProfile,
} from '@hmi/domain';
import type { i18n as I18n } from 'i18next';
import { errorText } from '../../shared/i18n/i18n.ts';

/**
 * What the team screens show, built apart from React (tested): the team card of a profile, the
 * permission groups a role gives, the blockers of an invitation as texts.
 */

export type TeamRole = { kind: 'owner' } | { kind: 'role'; name: string } | { kind: 'none' };
export type TeamZones = { kind: 'all' } | { kind: 'none' } | { kind: 'some'; names: string[] };

export interface TeamCardModel {
  teamName: string;
  role: TeamRole;
  zones: TeamZones;
  /** Only a sub-account may leave (a main account gets 1071). */
  canLeave: boolean;
}

export function teamCardModel(
  profile: Pick<UserProfile, 'team_name' | 'is_main' | 'role' | 'zones'>,
): TeamCardModel {
  const names = (profile.zones ?? []).map((z) => z.name);
  return {
    teamName: profile.team_name,
    role: profile.is_main
      ? { kind: 'owner' }
      : profile.role
        ? { kind: 'role', name: profile.role.name }
        : { kind: 'none' },
    // The main account holds every zone of the team, also those not created yet.
    zones: profile.is_main ? { kind: 'all' } : names.length > 0 ? { kind: 'some', names } : { kind: 'none' },
    canLeave: !profile.is_main,
  };
}

/** The permission groups (SPEC section 6, in the role editor's order) holding any of these ids. */
export function permissionGroupsOf(ids: readonly number[]): PermissionGroupKey[] {
  const held = new Set(ids);
  return (Object.keys(permissionGroups) as PermissionGroupKey[]).filter((key) =>
    permissionGroups[key].some((p) => held.has(p.id)),
  );
}

/** The text of one blocker: the team namespace's own (with its count), else the code's error text. */
export function blockerText(i18n: I18n, blocker: { code: number; count: number }): string {
  const key = `confirm.blocker.${blocker.code}`;
  if (i18n.exists(key, { ns: 'team', count: blocker.count }))
    return i18n.t(key, { ns: 'team', count: blocker.count });
  return errorText(blocker.code);
}

export interface InvitationConfirmModel {
  teamName: string;
  roleName: string | null;
  groups: PermissionGroupKey[];
  voids: number;
  leavesOwnTeam: boolean;
  billingCardsStay: boolean;
  topUpCardsCarryOver: boolean;
  blockers: string[];
  /** OK is enabled only when the server says so and nothing blocks. */
  canAccept: boolean;
}

/** What the accept dialog says, from the server's check of the invitation. */
export function invitationConfirmModel(i18n: I18n, check: InvitationCheckReply): InvitationConfirmModel {
  const blockers = check.blockers.map((b) => blockerText(i18n, b));
  return {
    teamName: check.invitation.team_name,
    roleName: check.invitation.role_name,
    groups: permissionGroupsOf(check.role_permissions),
    voids: check.voids_other_invitations,
    leavesOwnTeam: check.leaves_own_team,
    billingCardsStay: check.billing_cards_stay,
    topUpCardsCarryOver: check.top_up_cards_carry_over,
    blockers,
    canAccept: check.can_accept && blockers.length === 0,
  };
}

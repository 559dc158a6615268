/** The tabs of the members screen (`?tab=` of its URL; the members tab has none). */
export const MEMBERS_TABS = ['members', 'invitations'] as const;
export type MembersTab = (typeof MEMBERS_TABS)[number];

/** The tab a `?tab=` value opens: invitations when it says so, else members. */
export const membersTab = (value: string | null): MembersTab =>
  value === 'invitations' ? 'invitations' : 'members';

/** Invitation states offered by the state filter (InvitationOutcome 0-4), in order. */
export const INVITATION_STATES = [0, 1, 2, 3, 4] as const;

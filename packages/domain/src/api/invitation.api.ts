import { z } from 'zod';
import { singleLineText } from '../validation/free-text.validation.ts';

/**
 * Contract of team invitations (issue 13; SPEC sections 4, 5, 7). Paths are relative to
 * API_BASE. An invitation goes by email or SMS to an existing, active account of this data
 * center (1010 unknown, 1078 other data center), never to a member of this team (1076) nor to a
 * member of another team or the owner of a team with members (1069); its role must be the
 * team's (1062); a failed mail is 1064, a failed SMS 1070. A new invitation to the same person
 * voids the team's earlier pending one.
 *
 * States (InvitationOutcome on the wire): pending, accepted, rejected, cancelled, voided.
 * Transitions are compare-and-set from pending only. A pending invitation older than
 * Limits.invitationExpiryMs reads as voided (reason expired). Accepting voids the person's other
 * pending invitations; the inviter leaving the team voids theirs (reason inviter_left, 1073 on
 * confirm); the inviter's team cancelling gives 1074; voided 1082; rejected 1075; accepted 1084;
 * the role deleted meanwhile voids it. Accepting needs the account to hold no devices (1053),
 * templates (1054) or projects of its own, checked at accept time.
 */
export const InvitationPaths = {
  invite: '/system/user/invite', // POST invitationBody -> invitationItem                    (user invite 25)
  list: '/system/user/invitations', // GET invitationListQuery -> invitationListReply         (user view 24)
  cancel: '/system/user/invitation/cancel', // POST invitationIdBody -> invitationItem       (user invite 25)
  mine: '/msg/team/invation', // GET myInvitationQuery -> myInvitationListReply               (signed in)
  check: '/team/invitation/confirm/check', // POST invitationIdBody -> invitationCheckReply  (signed in)
  confirm: '/team/invitation/confirm', // POST invitationConfirmBody -> invitationConfirmReply (signed in)
} as const;

/** InvitationOutcome: 0 pending, 1 accepted, 2 rejected, 3 cancelled, 4 voided. */
export const invitationState = z.union([
  z.literal(0),
  z.literal(1),
  z.literal(2),
  z.literal(3),
  z.literal(4),
]);
export const invitationVoidReason = z.enum([
  'expired',
  'inviter_left',
  'accepted_elsewhere',
  'replaced',
  'role_deleted',
]);
export type InvitationVoidReason = z.infer<typeof invitationVoidReason>;

export const invitationBody = z.object({
  /** An email address, or a phone number (with area_code; +86 by default). */
  account: singleLineText.min(1).max(254),
  area_code: singleLineText.max(8).optional(),
  role_id: z.number().int().positive(),
});
export type InvitationBody = z.infer<typeof invitationBody>;

/** The inviting team's view of an invitation. */
export const invitationItem = z.object({
  id: z.number().int(),
  channel: z.enum(['email', 'phone']),
  account: z.string(),
  invitee_name: z.string(),
  inviter_id: z.number().int(),
  inviter_name: z.string(),
  role_id: z.number().int().nullable(),
  role_name: z.string().nullable(),
  state: invitationState,
  void_reason: invitationVoidReason.nullable(),
  created_at: z.number().int(),
  expires_at: z.number().int(),
  decided_at: z.number().int().nullable(),
});
export type InvitationItem = z.infer<typeof invitationItem>;

export const invitationListQuery = z.object({
  state: z.coerce.number().int().min(0).max(4).optional(),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(20),
});
export type InvitationListQuery = z.input<typeof invitationListQuery>;
export type InvitationListQueryParsed = z.output<typeof invitationListQuery>;

export const invitationListReply = z.object({
  list: z.array(invitationItem),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type InvitationListReply = z.infer<typeof invitationListReply>;

export const invitationIdBody = z.object({ id: z.number().int().positive() });
export type InvitationIdBody = z.infer<typeof invitationIdBody>;

/** The invitee's view: the invitation with its message in the invitee's language. */
export const myInvitationItem = z.object({
  id: z.number().int(),
  team_id: z.number().int(),
  team_name: z.string(),
  inviter_name: z.string(),
  role_name: z.string().nullable(),
  state: invitationState,
  void_reason: invitationVoidReason.nullable(),
  created_at: z.number().int(),
  expires_at: z.number().int(),
  decided_at: z.number().int().nullable(),
  /** The message of this state (one text per outcome). */
  title: z.string(),
  body: z.string(),
});
export type MyInvitationItem = z.infer<typeof myInvitationItem>;

export const myInvitationQuery = z.object({
  state: z.coerce.number().int().min(0).max(4).optional(),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(20),
});
export type MyInvitationQuery = z.input<typeof myInvitationQuery>;
export type MyInvitationQueryParsed = z.output<typeof myInvitationQuery>;

export const myInvitationListReply = z.object({
  list: z.array(myInvitationItem),
  total: z.number().int(),
  /** Pending invitations (not expired): the badge. */
  pending: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type MyInvitationListReply = z.infer<typeof myInvitationListReply>;

/** What accepting means for the caller, before they confirm. */
export const invitationCheckReply = z.object({
  invitation: myInvitationItem,
  /** The permissions the role gives (ids of SPEC section 6). */
  role_permissions: z.array(z.number().int()),
  /** True when nothing below blocks accepting now. */
  can_accept: z.boolean(),
  /** What blocks accepting: the error code accepting would give, with the count where one applies. */
  blockers: z.array(z.object({ code: z.number().int(), count: z.number().int() })),
  /** Leaving their own team: the account's own team has no members or data left (always true when acceptable). */
  leaves_own_team: z.boolean(),
  /** Billing cards and records stay the account's; its own top-up cards do not carry over. */
  billing_cards_stay: z.boolean(),
  top_up_cards_carry_over: z.boolean(),
  /** Other pending invitations that accepting voids. */
  voids_other_invitations: z.number().int(),
});
export type InvitationCheckReply = z.infer<typeof invitationCheckReply>;

export const invitationConfirmBody = z.object({
  id: z.number().int().positive(),
  /** true accepts, false rejects. */
  accept: z.boolean(),
});
export type InvitationConfirmBody = z.infer<typeof invitationConfirmBody>;

export const invitationConfirmReply = z.object({
  state: invitationState,
  /** The caller's team after confirming. */
  team_id: z.number().int(),
  team_name: z.string(),
});
export type InvitationConfirmReply = z.infer<typeof invitationConfirmReply>;

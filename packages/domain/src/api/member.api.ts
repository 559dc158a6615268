import { z } from 'zod';
import { singleLineText } from '../validation/free-text.validation.ts';
import { dataGrants } from './role.api.ts';

/**
 * Contract of the member calls (/system/user; issue 13). Paths are relative to API_BASE. A user
 * id of a request must be a member of the caller's team (1010; 1075 when the person was invited
 * and has not accepted). The main account cannot be removed (1077) nor given a role or data
 * permissions (1081); nobody changes their own role (1002). Removing a member ends their
 * sessions and sockets at once; the team's data stays with the team and the person becomes a
 * plain account again (back in the team they own, or a new one of their own).
 */
export const MemberPaths = {
  list: '/system/user/list', // GET memberListQuery -> memberListReply                   (user view 24)
  role: '/system/user/role', // POST memberRoleBody -> memberItem                        (user edit 26)
  delete: '/system/user/delete', // POST memberIdBody -> null                            (user delete 27)
  dataPm: '/system/user/datapm', // GET memberIdQuery -> memberDataPm; POST memberDataPmBody -> memberDataPm (user data-pm 38)
  pickDevices: '/system/user/pick/devices', // GET rolePickDevicesQuery (id = user) -> pickDevicesReply (user data-pm 38)
  access: '/system/user/access', // GET memberAccessQuery -> memberAccessReply           (user view 24)
  leave: '/team/leave', // POST -> null: the caller leaves their team (signed in; 1071 when not in one)
} as const;

export const memberStatus = z.enum(['pending', 'active', 'closed']);

export const memberItem = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The account: the email address, else the phone number with its area code. */
  account: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  area_code: z.string().nullable(),
  is_main: z.boolean(),
  role_id: z.number().int().nullable(),
  role_name: z.string().nullable(),
  /** When the member joined (the main account: when the team was created). */
  joined_at: z.number().int(),
  /** The last sign-in, null when never. */
  last_login_at: z.number().int().nullable(),
  status: memberStatus,
});
export type MemberItem = z.infer<typeof memberItem>;

export const memberListQuery = z.object({
  /** Part of the name, email or phone. */
  search: singleLineText.max(64).optional(),
  role_id: z.coerce.number().int().positive().optional(),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(20),
});
export type MemberListQuery = z.input<typeof memberListQuery>;
export type MemberListQueryParsed = z.output<typeof memberListQuery>;

export const memberListReply = z.object({
  list: z.array(memberItem),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type MemberListReply = z.infer<typeof memberListReply>;

export const memberRoleBody = z.object({
  user_id: z.number().int().positive(),
  role_id: z.number().int().positive(),
});
export type MemberRoleBody = z.infer<typeof memberRoleBody>;

export const memberIdBody = z.object({ user_id: z.number().int().positive() });
export type MemberIdBody = z.infer<typeof memberIdBody>;

export const memberIdQuery = z.object({ user_id: z.coerce.number().int().positive() });
export type MemberIdQuery = z.infer<typeof memberIdQuery>;

/**
 * A member's data permissions: their own grants (`grants`: given by an administrator, and what
 * they created themselves, marked in `created`) beside those of their role (read only here).
 */
export const memberDataPm = z.object({
  user_id: z.number().int(),
  role_id: z.number().int().nullable(),
  grants: dataGrants,
  /** The member's grants that come from objects they created (kept when the role changes). */
  created: dataGrants,
  role_grants: dataGrants,
});
export type MemberDataPm = z.infer<typeof memberDataPm>;

/** Replaces the member's own administrator grants of each kind given (creator grants stay). */
export const memberDataPmBody = z.object({
  user_id: z.number().int().positive(),
  grants: dataGrants.partial(),
});
export type MemberDataPmBody = z.infer<typeof memberDataPmBody>;

export const memberAccessQuery = z.object({
  user_id: z.coerce.number().int().positive(),
  search: singleLineText.max(64).optional(),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(20),
});
export type MemberAccessQuery = z.input<typeof memberAccessQuery>;
export type MemberAccessQueryParsed = z.output<typeof memberAccessQuery>;

/** Why a member sees a device. */
export const accessReason = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('main') }),
  /** The role grants the device itself. */
  z.object({ kind: z.literal('role_device') }),
  /** The role grants this group, the device's group or one above it. */
  z.object({ kind: z.literal('role_group'), group_id: z.number().int(), group_name: z.string() }),
  /** The member's own grant (created by them, or given by an administrator). */
  z.object({ kind: z.literal('member_device'), source: z.enum(['creator', 'admin']) }),
  z.object({
    kind: z.literal('member_group'),
    group_id: z.number().int(),
    group_name: z.string(),
    source: z.enum(['creator', 'admin']),
  }),
]);
export type AccessReason = z.infer<typeof accessReason>;

export const memberAccessItem = z.object({
  device_id: z.number().int(),
  name: z.string().nullable(),
  sn: z.string(),
  zone: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** May write its tags: an operating permission (monitor 47) and the device's zone held (or none). */
  can_operate: z.boolean(),
  /** Why not, when can_operate is false: 'permission' (no operating permission) or 'zone'. */
  blocked_by: z.enum(['permission', 'zone']).nullable(),
  via: z.array(accessReason),
});
export type MemberAccessItem = z.infer<typeof memberAccessItem>;

/** The devices a member can see (within the caller's own scope), with why and whether they may operate them. */
export const memberAccessReply = z.object({
  user_id: z.number().int(),
  is_main: z.boolean(),
  role_id: z.number().int().nullable(),
  zones: z.array(z.object({ id: z.number().int(), name: z.string() })),
  list: z.array(memberAccessItem),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type MemberAccessReply = z.infer<typeof memberAccessReply>;

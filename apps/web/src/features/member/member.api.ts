import {
  InvitationPaths,
  MemberPaths,
  RolePaths,
  type InvitationBody,
  type InvitationItem,
  type InvitationListQuery,
  type InvitationListReply,
  type MemberAccessQuery,
  type MemberAccessReply,
  type MemberItem,
  type MemberListQuery,
  type MemberListReply,
  type MemberRoleBody,
  type RoleListReply,
} from '@hmi/domain';
import { http } from '../../shared/http/http.ts';

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

/**
 * Member and invitation calls of the team administration (contracts: member.api.ts,
 * invitation.api.ts). The role list is read here too (names for the selects): features/role is
 * another screen's feature and this one only needs the id and name of each role.
 */
export const memberApi = {
  list: (query: MemberListQuery, signal?: AbortSignal) =>
    http.get<MemberListReply>(MemberPaths.list, { params: query, ...withSignal(signal) }),
  /** Needs role view (28): callers without it are not asked (see useRoleChoices). */
  roles: (signal?: AbortSignal) => http.get<RoleListReply>(RolePaths.list, withSignal(signal)),
  changeRole: (body: MemberRoleBody) => http.post<MemberItem>(MemberPaths.role, body, { manual: true }),
  remove: (userId: number) => http.post<null>(MemberPaths.delete, { user_id: userId }),
  access: (query: MemberAccessQuery, signal?: AbortSignal) =>
    http.get<MemberAccessReply>(MemberPaths.access, { params: query, ...withSignal(signal) }),
  invitations: (query: InvitationListQuery, signal?: AbortSignal) =>
    http.get<InvitationListReply>(InvitationPaths.list, { params: query, ...withSignal(signal) }),
  invite: (body: InvitationBody) => http.post<InvitationItem>(InvitationPaths.invite, body, { manual: true }),
  cancelInvitation: (id: number) => http.post<InvitationItem>(InvitationPaths.cancel, { id }),
};

export const memberKeys = {
  /** Everything of this feature: members, invitations and access views. */
  all: ['member'] as const,
  lists: ['member', 'list'] as const,
  list: (query: MemberListQuery) => ['member', 'list', query] as const,
  invitations: ['member', 'invitations'] as const,
  invitationList: (query: InvitationListQuery) => ['member', 'invitations', query] as const,
  access: (query: MemberAccessQuery) => ['member', 'access', query] as const,
  /** The team's roles as this screen reads them (the role feature keeps its own keys). */
  roles: ['member', 'roles'] as const,
};

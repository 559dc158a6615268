import {
  InvitationPaths,
  MemberPaths,
  type InvitationCheckReply,
  type InvitationConfirmBody,
  type InvitationConfirmReply,
  type MyInvitationListReply,
  type MyInvitationQuery,
} from '@hmi/domain';
import { http } from '../../shared/http/http.ts';

/**
 * The member's side of team administration (contracts: member.api.ts, invitation.api.ts).
 * Actions are manual: their failures are toasted by the caller (toastFailure), translated.
 */
export const teamApi = {
  leave: () => http.post<null>(MemberPaths.leave, undefined, { manual: true }),
  myInvitations: (query: MyInvitationQuery) =>
    http.get<MyInvitationListReply>(InvitationPaths.mine, { params: query }),
  check: (id: number) => http.post<InvitationCheckReply>(InvitationPaths.check, { id }, { manual: true }),
  confirm: (body: InvitationConfirmBody) =>
    http.post<InvitationConfirmReply>(InvitationPaths.confirm, body, { manual: true }),
};

export const teamKeys = {
  all: ['team'] as const,
  invitations: (query: MyInvitationQuery) => ['team', 'invitations', query] as const,
};

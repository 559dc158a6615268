import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { InvitationConfirmBody, MyInvitationQuery } from '@hmi/domain';
import { teamApi, teamKeys } from './team.api.ts';

/** The caller's invitations (newest first); `pending` is the badge. */
export function useMyInvitations(query: MyInvitationQuery = { page: 1, page_size: 20 }) {
  return useQuery({ queryKey: teamKeys.invitations(query), queryFn: () => teamApi.myInvitations(query) });
}

/**
 * After the account changed team (joined, left): every query is stale, the user info first, so
 * the menu, the buttons and every list are rebuilt; once refetched, '/' leads to the start page
 * of the new permissions.
 */
export function useAfterTeamChange() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    await queryClient.invalidateQueries();
    void navigate('/', { replace: true });
  };
}

export function useLeaveTeam() {
  return useMutation({ mutationFn: teamApi.leave });
}

export function useCheckInvitation() {
  return useMutation({ mutationFn: teamApi.check });
}

export function useConfirmInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InvitationConfirmBody) => teamApi.confirm(body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  });
}

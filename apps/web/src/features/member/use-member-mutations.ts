import { useMutation, useQueryClient } from '@tanstack/react-query';
import { memberApi, memberKeys } from './member.api.ts';

/** Members, invitations and access views all change together (a role change voids nothing, but counts move). */
function useInvalidateMembers() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: memberKeys.all });
}

export function useChangeMemberRole() {
  const invalidate = useInvalidateMembers();
  return useMutation({ mutationFn: memberApi.changeRole, onSuccess: invalidate });
}

export function useRemoveMember() {
  const invalidate = useInvalidateMembers();
  return useMutation({ mutationFn: memberApi.remove, onSuccess: invalidate });
}

export function useInviteMember() {
  const invalidate = useInvalidateMembers();
  return useMutation({ mutationFn: memberApi.invite, onSuccess: invalidate });
}

export function useCancelInvitation() {
  const invalidate = useInvalidateMembers();
  return useMutation({ mutationFn: memberApi.cancelInvitation, onSuccess: invalidate });
}

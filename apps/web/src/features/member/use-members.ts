import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { InvitationListQuery, MemberAccessQuery, MemberListQuery } from '@hmi/domain';
import { memberApi, memberKeys } from './member.api.ts';

/** One page of the team's members. */
export function useMemberList(query: MemberListQuery, enabled = true) {
  return useQuery({
    queryKey: memberKeys.list(query),
    queryFn: ({ signal }) => memberApi.list(query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** One page of the invitations the team sent. */
export function useInvitationList(query: InvitationListQuery, enabled = true) {
  return useQuery({
    queryKey: memberKeys.invitationList(query),
    queryFn: ({ signal }) => memberApi.invitations(query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** One page of the devices a member sees, with why and whether they may operate them. */
export function useMemberAccess(query: MemberAccessQuery, enabled = true) {
  return useQuery({
    queryKey: memberKeys.access(query),
    queryFn: ({ signal }) => memberApi.access(query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The team's roles (teams have few), asked only when the caller may view roles (28). */
export function useTeamRoles(enabled: boolean) {
  return useQuery({
    queryKey: memberKeys.roles,
    queryFn: ({ signal }) => memberApi.roles(signal),
    enabled,
    staleTime: 10_000,
  });
}

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CardActivateBody, CardKind, RechargeRecordQuery } from '@hmi/domain';
import { sessionKeys } from '../../shared/session/session-keys.ts';
import { billingApi, billingKeys } from './billing.api.ts';

/** What a card activation or an allocation changes (the card types stay as they are). */
const accountKeys = [
  billingKeys.myAccount,
  billingKeys.allocations,
  billingKeys.recordsAll,
  billingKeys.deviceTagsAll,
] as const;

export function useMyAccount(enabled = true) {
  return useQuery({
    queryKey: billingKeys.myAccount,
    queryFn: ({ signal }) => billingApi.myAccount(signal),
    enabled,
  });
}

export function useTagAllocations(enabled = true) {
  return useQuery({
    queryKey: billingKeys.allocations,
    queryFn: ({ signal }) => billingApi.allocations(signal),
    enabled,
  });
}

export function useRechargeRecords(query: RechargeRecordQuery, enabled = true) {
  return useQuery({
    queryKey: billingKeys.records(query),
    queryFn: ({ signal }) => billingApi.records(query, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/**
 * Activating a card changes the account (quotas, cards), the records and the user's template
 * allowance (template_max_num of getUserInfo): all three are read again.
 */
export function useActivateCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ type, body }: { type: CardKind; body: CardActivateBody }) =>
      billingApi.activate(type, body),
    onSuccess: () =>
      Promise.all([
        ...accountKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
        queryClient.invalidateQueries({ queryKey: sessionKeys.userInfo }),
      ]),
  });
}

/** An allocation changes the allocations, the TAG quotas and the records. */
export function useAllocateTags() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: billingApi.allocate,
    onSuccess: () => Promise.all(accountKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { webhookApi, webhookKeys } from './webhook.api.ts';

/** The team's endpoints and its maximum. */
export function useWebhookList() {
  return useQuery({ queryKey: webhookKeys.list, queryFn: webhookApi.list });
}

/**
 * A page of an endpoint's delivery log, read again every 3 s while a delivery in it is still
 * pending (a test, a retry), so the outcome shows without a reload.
 */
export function useWebhookDeliveries(endpointId: number | undefined, page: number, pageSize: number) {
  return useQuery({
    queryKey: webhookKeys.deliveries(endpointId ?? 0, page, pageSize),
    queryFn: () => webhookApi.deliveries(endpointId!, page, pageSize),
    enabled: endpointId !== undefined,
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.list.some((d) => d.state === 'pending') ? 3000 : false),
  });
}

/** Every change refreshes the list and the logs (both under webhookKeys.all). */
function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: webhookKeys.all });
}

export function useAddWebhook() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: webhookApi.add, onSuccess: invalidate });
}

export function useEditWebhook() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: webhookApi.edit, onSuccess: invalidate });
}

export function useDeleteWebhook() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: webhookApi.remove, onSuccess: invalidate });
}

export function useTestWebhook() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: webhookApi.test, onSuccess: invalidate });
}

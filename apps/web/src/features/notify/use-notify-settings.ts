import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notifyApi, notifyKeys } from './notify.api.ts';

/** Which alarm levels reach the user by email, and the address they go to. */
export function useNotifySettings() {
  return useQuery({ queryKey: notifyKeys.settings, queryFn: notifyApi.settings });
}

/** Saves the mail levels; the saved settings replace the cached ones. */
export function useSaveNotifySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mailLevels: number) => notifyApi.saveSettings({ mail_levels: mailLevels }),
    onSuccess: (saved) => queryClient.setQueryData(notifyKeys.settings, saved),
  });
}

/** Sends a test mail to the caller; its delivery (ok or failed) joins the log. */
export function useSendTestMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: notifyApi.sendTest,
    onSettled: () => queryClient.invalidateQueries({ queryKey: notifyKeys.deliveriesAll }),
  });
}

/** One page of the user's mail delivery log, newest first. */
export function useDeliveries(page: number, pageSize: number) {
  return useQuery({
    queryKey: notifyKeys.deliveries(page, pageSize),
    queryFn: ({ signal }) => notifyApi.deliveries(page, pageSize, signal),
    placeholderData: keepPreviousData,
  });
}

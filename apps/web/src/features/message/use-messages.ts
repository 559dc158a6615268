import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MessageQuery, MessageSetReadBody } from '@hmi/domain';
import { sessionKeys } from '../../shared/session/session-keys.ts';
import { timezoneOffsetHours } from '../history/index.ts';
import { messageApi, messageKeys } from './message.api.ts';

/** One page of messages; the previous page stays on screen while the next loads. */
export function useMessageList(query: MessageQuery) {
  return useQuery({
    queryKey: messageKeys.list(query),
    queryFn: ({ signal }) => messageApi.list(query, signal),
    placeholderData: keepPreviousData,
  });
}

/** Today's messages (the header popover): loaded while `enabled`, refreshed by notify frames. */
export function useTodayMessages(enabled: boolean) {
  return useQuery({
    queryKey: messageKeys.today,
    queryFn: ({ signal }) => messageApi.today(timezoneOffsetHours(), signal),
    enabled,
    staleTime: 30_000,
  });
}

/** Marks messages read (ids, or all of a kind); the lists and the badge counts refresh. */
export function useSetRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MessageSetReadBody) => messageApi.setRead(body),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: messageKeys.all }),
        queryClient.invalidateQueries({ queryKey: sessionKeys.messageCounts }),
      ]),
  });
}

import { useQuery } from '@tanstack/react-query';
import { sessionApi, sessionKeys } from './session.api.ts';

/** Unread/total message counts for the header badge; refreshed every minute. */
export function useMessageCounts(enabled = true) {
  return useQuery({
    queryKey: sessionKeys.messageCounts,
    queryFn: sessionApi.messageCounts,
    enabled,
    refetchInterval: 60_000,
    staleTime: 30_000,
  });
}

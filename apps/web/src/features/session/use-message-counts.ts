import { useQuery } from '@tanstack/react-query';
import { sessionKeys } from '../../shared/session/session-keys.ts';
import { sessionApi } from './session.api.ts';

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

import { useQuery } from '@tanstack/react-query';
import { sessionKeys } from '../../shared/session/session-keys.ts';
import { sessionApi } from './session.api.ts';

/** Public facts of this deployment: region, regions, phone area codes, registration methods. */
export function useLoginInfo() {
  return useQuery({
    queryKey: sessionKeys.loginInfo,
    queryFn: sessionApi.loginInfo,
    staleTime: Infinity,
    retry: false,
  });
}

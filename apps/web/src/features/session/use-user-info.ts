import { useQuery } from '@tanstack/react-query';
import { storage } from '../../shared/storage/storage.ts';
import { StorageKey } from '../../shared/storage/storage-keys.ts';
import { sessionApi, sessionKeys } from './session.api.ts';

/** The signed-in user's profile (getUserInfo), kept under USER_INFO as well. */
export function useUserInfo() {
  return useQuery({
    queryKey: sessionKeys.userInfo,
    queryFn: async () => {
      const profile = await sessionApi.userInfo();
      storage.setJson(StorageKey.USER_INFO, profile);
      return profile;
    },
    staleTime: 60_000,
  });
}

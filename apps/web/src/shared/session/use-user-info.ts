import { useQuery } from '@tanstack/react-query';
import { storage } from '../storage/storage.ts';
import { StorageKey } from '../storage/storage-keys.ts';
import { sessionKeys } from './session-keys.ts';
import { fetchUserInfo } from './user-info.api.ts';

/** The signed-in user's profile (getUserInfo), kept under USER_INFO as well. */
export function useUserInfo() {
  return useQuery({
    queryKey: sessionKeys.userInfo,
    queryFn: async () => {
      const profile = await fetchUserInfo();
      storage.setJson(StorageKey.USER_INFO, profile);
      return profile;
    },
    staleTime: 60_000,
  });
}

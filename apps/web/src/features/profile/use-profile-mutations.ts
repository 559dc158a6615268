import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DiacomPaths, type TokenPair } from '@hmi/domain';
import { http } from '../../shared/http/http.ts';
import { storage } from '../../shared/storage/storage.ts';
import { accountApi } from '../account/index.ts';
import { sessionKeys } from '../../shared/session/session-keys.ts';

/** Team name (main account only) and other profile fields; refreshes the profile on success. */
export function useEditUserInfo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: accountApi.editUserInfo,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.userInfo }),
  });
}

/** Adds a data center to the main account. */
export function useAddDataCenter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: accountApi.addDataCenter,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.userInfo }),
  });
}

/**
 * Switches to another region of the account without signing in again: the console talks to
 * that region's host from then on, and reloads so that every query and socket follows it.
 */
export function useSwitchRegion() {
  return useMutation({
    mutationFn: accountApi.regionHost,
    onSuccess: ({ host, region, token }) => {
      storage.switchRegion(host, region, token);
      globalThis.location.reload();
    },
  });
}

/** Changes the password; every other session ends and this one continues with the new pair. */
export function useChangePassword() {
  return useMutation({
    mutationFn: async ({ old_passwd, passwd }: { old_passwd: string; passwd: string }) => {
      const pair = (await accountApi.changePwd(old_passwd, passwd)) as Partial<TokenPair> | null;
      if (pair?.token && pair.refresh_token) storage.updateTokens(pair.token, pair.refresh_token);
    },
  });
}

/** Closes the account; the caller signs out afterwards. */
export function useCloseAccount() {
  return useMutation({ mutationFn: accountApi.closeAccount });
}

/** The DIACom switch (POST /user/diacom): the companion app may list the user's devices. */
export function useSetDiacom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) =>
      http.post<{ enabled: boolean }>(DiacomPaths.setSwitch, { enabled }, { manual: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.userInfo }),
  });
}

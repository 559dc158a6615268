import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginBody } from '@hmi/domain';
import { storage } from '../../shared/storage/storage.ts';
import { sessionKeys } from '../../shared/session/session-keys.ts';
import { sessionApi } from './session.api.ts';

/** Signs in and stores the token pair: localStorage with "remember me", else sessionStorage. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, remember }: { body: LoginBody; remember: boolean }) => {
      const pair = await sessionApi.login(body);
      storage.saveSession(pair, remember);
      return pair;
    },
    onSuccess: () => queryClient.removeQueries({ queryKey: sessionKeys.all }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginBody } from '@hmi/domain';
import { storage } from '../../shared/storage/storage.ts';
import { sessionKeys } from '../../shared/session/session-keys.ts';

/**
 * The API client (axios, ~20 KB) is not part of a first visit: it loads when the visitor starts
 * filling in the form (preloadLogin), at the latest on submit.
 */
const loadSessionApi = () => import('./session.api.ts').then((m) => m.sessionApi);

/** Fetches the API client ahead of the sign-in (the login form calls it on first focus). */
export function preloadLogin(): void {
  void loadSessionApi();
}

/** Signs in and stores the token pair: localStorage with "remember me", else sessionStorage. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, remember }: { body: LoginBody; remember: boolean }) => {
      const pair = await (await loadSessionApi()).login(body);
      storage.saveSession(pair, remember);
      return pair;
    },
    onSuccess: () => queryClient.removeQueries({ queryKey: sessionKeys.all }),
  });
}

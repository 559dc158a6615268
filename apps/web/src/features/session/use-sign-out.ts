import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { http } from '../../shared/http/http.ts';
import { storage } from '../../shared/storage/storage.ts';
import { sessionApi } from './session.api.ts';

/** Signs out: tells the server (best effort), forgets the session and goes to login. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    await sessionApi.logout().catch(() => undefined);
    http.cancelAll();
    storage.clearSession();
    queryClient.clear();
    await navigate('/login', { replace: true });
  }, [navigate, queryClient]);
}

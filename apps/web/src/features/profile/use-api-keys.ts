import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiKeyPaths, type ApiKeyAddBody, type ApiKeyCreated, type ApiKeyListReply } from '@hmi/domain';
import { http } from '../../shared/http/http.ts';

const keys = ['api-keys'] as const;

/** The caller's API keys (not revoked). */
export function useApiKeys() {
  return useQuery({ queryKey: keys, queryFn: () => http.get<ApiKeyListReply>(ApiKeyPaths.list) });
}

/** Makes a key; the reply carries the key itself, shown once. */
export function useAddApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiKeyAddBody) => http.post<ApiKeyCreated>(ApiKeyPaths.add, body, { manual: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys }),
  });
}

export function useRevokeApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.post<null>(ApiKeyPaths.revoke, { id }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys }),
  });
}

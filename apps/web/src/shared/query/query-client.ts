import { QueryClient } from '@tanstack/react-query';

/**
 * The HTTP client already toasts errors and refreshes tokens, so queries do not retry on their
 * own (a retry would toast the same error twice).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';

/**
 * Whether a failed query is asked again (after 1 s, 2 s, 4 s): never for the caller's own mistake
 * (4xx); up to three times while the server says it is briefly unavailable (503: its database is
 * out of reach, a restart) or the network is down; once for anything else.
 */
export function shouldRetry(count: number, error: unknown): boolean {
  if (error instanceof ApiError && error.kind === 'client') return false;
  if (error instanceof ApiError && (error.kind === 'unavailable' || error.kind === 'network')) return count < 3;
  return count < 1;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: shouldRetry,
    },
    mutations: { retry: false },
  },
});

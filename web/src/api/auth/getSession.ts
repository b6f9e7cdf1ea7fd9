import { useQuery } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api';
import type { Session } from './types';
import { markLoggedOut, sessionQueryKey } from './sessionKey';

export { sessionQueryKey };

/** GET /api/auth/session: the session, or null for a guest. */
export async function getSession(): Promise<Session | null> {
  try {
    // 204 (a guest) has no body.
    return (await api.get<Session | undefined>('/api/auth/session', { silent: true })) ?? null;
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) {
      // A revoked or expired token: clear the cookie too.
      if (e.code === 'untrusted_token') {
        await api.post('/api/auth/logout', undefined, { silent: true }).catch(() => undefined);
        markLoggedOut();
      }
      return null;
    }
    throw e;
  }
}

export function useSession() {
  return useQuery({ queryKey: sessionQueryKey, queryFn: getSession, staleTime: 5 * 60_000, retry: 1 });
}

import { useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { Session } from '@/api/auth/types';
import { sessionQueryKey } from '@/api/auth/sessionKey';
import type { ScopedSession } from '@/api/organisations/types';

/**
 * POST /api/auth/login/{scope}/{id}: a session scoped to the organisation or project. The server
 * replaces the cookie (and revokes the old token), so the call runs alone (`exclusive`).
 */
export const enterScope = (scope: 'organisation' | 'project', id: string) =>
  api.post<ScopedSession>(`/api/auth/login/${scope}/${encodeURIComponent(id)}`, undefined, {
    silent: true,
    exclusive: true,
  });

/**
 * Enters the organisation or project once per visit (a query under key, so a double mount sends
 * one call); the session in the cache becomes the scoped one.
 */
export function useEnterScope(scope: 'organisation' | 'project', id: string, key: QueryKey) {
  const qc = useQueryClient();
  return useQuery({
    queryKey: key,
    queryFn: async () => {
      const answer = await enterScope(scope, id);
      qc.setQueryData<Session | null>(sessionQueryKey, (old) => (old ? { ...old, session: answer.session } : old));
      return answer.session;
    },
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
}

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { Session } from '@/api/auth/types';
import { sessionQueryKey } from '@/api/auth/sessionKey';
import { organisationKeys } from '@/api/organisations/keys';
import type { ScopedSession } from '@/api/organisations/types';

/**
 * POST /api/auth/login/organisation/{id}: a session scoped to the organisation. The server replaces
 * the cookie (and revokes the old token), so the call runs alone (`exclusive`).
 */
export const enterOrganisation = (id: string) =>
  api.post<ScopedSession>(`/api/auth/login/organisation/${encodeURIComponent(id)}`, undefined, {
    silent: true,
    exclusive: true,
  });

/** Enters the organisation once per visit (a query, so a double mount sends one call). */
export function useEnterOrganisation(id: string) {
  const qc = useQueryClient();
  return useQuery({
    queryKey: organisationKeys.scope(id),
    queryFn: async () => {
      const answer = await enterOrganisation(id);
      qc.setQueryData<Session | null>(sessionQueryKey, (old) => (old ? { ...old, session: answer.session } : old));
      return answer.session;
    },
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
}

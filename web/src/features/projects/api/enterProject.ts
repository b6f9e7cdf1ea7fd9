import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { Session } from '@/api/auth/types';
import { sessionQueryKey } from '@/api/auth/sessionKey';
import type { ScopedSession } from '@/api/organisations/types';
import { projectKeys } from '@/api/projects/keys';

/** POST /api/auth/login/project/{id}: a session scoped to the project; replaces the cookie, so it runs alone. */
export const enterProject = (id: string) =>
  api.post<ScopedSession>(`/api/auth/login/project/${encodeURIComponent(id)}`, undefined, {
    silent: true,
    exclusive: true,
  });

/** Enters the project once per visit. */
export function useEnterProject(id: string) {
  const qc = useQueryClient();
  return useQuery({
    queryKey: projectKeys.scope(id),
    queryFn: async () => {
      const answer = await enterProject(id);
      qc.setQueryData<Session | null>(sessionQueryKey, (old) => (old ? { ...old, session: answer.session } : old));
      return answer.session;
    },
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { Session } from '@/api/auth/types';
import { sessionQueryKey } from '@/api/auth/sessionKey';
import type { ScopedSession } from '@/api/organisations/types';

/**
 * POST /api/auth/login/job/{projectId}/{jobId}: a session scoped to the job (only its objects,
 * within my role there). It replaces the cookie, so it runs alone (lib/api SessionGate).
 */
export const enterJob = ({ projectId, jobId }: { projectId: string; jobId: string }) =>
  api.post<ScopedSession>(
    `/api/auth/login/job/${encodeURIComponent(projectId)}/${encodeURIComponent(jobId)}`,
    undefined,
    { silent: true, exclusive: true },
  );

/** POST /api/auth/login/user: back to a plain user session. */
export const leaveScope = () =>
  api.post<ScopedSession>('/api/auth/login/user', undefined, { silent: true, exclusive: true });

/** Enters or leaves a job session; everything cached under the old session is fetched again. */
function useSwitchSession<V>(call: (v: V) => Promise<ScopedSession>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async (answer) => {
      qc.setQueryData<Session | null>(sessionQueryKey, (old) => (old ? { ...old, session: answer.session } : old));
      // A project entered before is no longer this session's scope.
      qc.removeQueries({ queryKey: ['scope'] });
      await qc.invalidateQueries({ predicate: (q) => q.queryKey[0] !== sessionQueryKey[0] });
    },
  });
}

export const useEnterJob = () => useSwitchSession(enterJob);
export const useLeaveJob = () => useSwitchSession(leaveScope);

import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { jobPath } from './jobCall';
import type { ListAnswer } from '@/api/organisations/types';
import { jobKeys } from '@/api/jobs/keys';
import type { Participant } from '@/api/jobs/types';

/** GET /api/management/job/{jobId}/users?project=: participants and open invitations. */
export const getParticipants = (projectId: string, jobId: string) =>
  api.get<ListAnswer<Participant>>(jobPath(projectId, jobId, '/users'), {
    silent: true,
  });

export function useParticipants(projectId: string | undefined, jobId: string) {
  return useQuery({
    queryKey: jobKeys.participants(projectId ?? '', jobId),
    queryFn: () => getParticipants(projectId ?? '', jobId),
    select: (a) => a.items ?? [],
    enabled: !!projectId && !!jobId,
  });
}

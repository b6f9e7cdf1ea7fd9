import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { inProject } from '@/lib/inProject';
import type { ListAnswer } from '@/api/organisations/types';
import { jobKeys } from '@/api/jobs/keys';
import type { Participant } from '@/api/jobs/types';

/** GET /api/management/job/{jobId}/users?project=: participants and open invitations. */
export const getParticipants = (projectId: string, jobId: string) =>
  api.get<ListAnswer<Participant>>(inProject(`/api/management/job/${encodeURIComponent(jobId)}/users`, projectId), {
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

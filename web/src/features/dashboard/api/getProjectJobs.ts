import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { ListAnswer } from '@/api/organisations/types';
import { dashboardKeys } from './keys';
import type { Job } from './types';

/** GET /api/management/job?project=: the project's jobs, open ones first (the job picker). */
export const getProjectJobs = (projectId: string) =>
  api.get<ListAnswer<Job>>(`/api/management/job?project=${encodeURIComponent(projectId)}`);

export function useProjectJobs(projectId: string) {
  return useQuery({
    queryKey: dashboardKeys.jobs(projectId),
    queryFn: () => getProjectJobs(projectId),
    select: (a) => a.items ?? [],
    enabled: !!projectId,
  });
}

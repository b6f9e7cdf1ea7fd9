import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { ListAnswer } from '@/api/organisations/types';
import { inProject, jobKeys } from './keys';
import type { Job } from './types';

/** GET /api/management/job?project=: the project's jobs, open ones first. */
export const getProjectJobs = (projectId: string) =>
  api.get<ListAnswer<Job>>(inProject('/api/management/job', projectId), { silent: true });

export function useProjectJobs(projectId: string, enabled = true) {
  return useQuery({
    queryKey: jobKeys.project(projectId),
    queryFn: () => getProjectJobs(projectId),
    select: (a) => a.items ?? [],
    enabled: enabled && !!projectId,
  });
}

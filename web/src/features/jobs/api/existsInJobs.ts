import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { inProject } from '@/lib/inProject';
import type { ListAnswer } from '@/api/organisations/types';
import { jobKeys } from '@/api/jobs/keys';
import type { JobOverlap, JobSelection } from '@/api/jobs/types';

/**
 * POST /api/content/job/exists-objects-in-jobs: the unfinished jobs (but `except`) that hold some
 * of the selection already, to warn before adding them again.
 */
export const existsInJobs = (projectId: string, selection: JobSelection, except = '') =>
  api.post<ListAnswer<JobOverlap>>(
    inProject('/api/content/job/exists-objects-in-jobs', projectId),
    { ...selection, job: except },
    { silent: true },
  );

export function useJobOverlap(projectId: string, selection: JobSelection, enabled = true) {
  return useQuery({
    queryKey: jobKeys.overlap(projectId, selection),
    queryFn: () => existsInJobs(projectId, selection),
    select: (a) => a.items ?? [],
    enabled: enabled && !!projectId,
  });
}

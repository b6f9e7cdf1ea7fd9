import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { jobPath } from './jobCall';
import { jobKeys } from '@/api/jobs/keys';
import type { Job } from '@/api/jobs/types';

/** GET /api/management/job/{jobId}?project=: one job with its counts. */
export const getJob = (projectId: string, jobId: string) => api.get<Job>(jobPath(projectId, jobId), { silent: true });

export function useJob(projectId: string | undefined, jobId: string) {
  return useQuery({
    queryKey: jobKeys.one(projectId ?? '', jobId),
    queryFn: () => getJob(projectId ?? '', jobId),
    enabled: !!projectId && !!jobId,
  });
}

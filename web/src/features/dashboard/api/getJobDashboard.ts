import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { inProject } from '@/lib/inProject';
import { dashboardKeys } from './keys';
import type { JobDashboard } from './types';

/** GET /api/content/dashboard/job: a job's progress. */
export const getJobDashboard = (projectId: string, jobId: string) =>
  api.get<JobDashboard>(inProject(`/api/content/dashboard/job?job=${encodeURIComponent(jobId)}`, projectId));

export function useJobDashboard(projectId: string, jobId: string) {
  return useQuery({
    queryKey: dashboardKeys.job(projectId, jobId),
    queryFn: () => getJobDashboard(projectId, jobId),
    enabled: !!projectId && !!jobId,
  });
}

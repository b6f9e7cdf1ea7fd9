import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { ListAnswer } from '@/api/organisations/types';
import { jobKeys } from '@/api/jobs/keys';
import type { Job } from '@/api/jobs/types';

/** GET /api/management/job-list: my jobs across projects, each with the role I would work in. */
export const getMyJobs = () => api.get<ListAnswer<Job>>('/api/management/job-list');

export function useMyJobs(enabled = true) {
  return useQuery({ queryKey: jobKeys.mine(), queryFn: getMyJobs, select: (a) => a.items ?? [], enabled });
}

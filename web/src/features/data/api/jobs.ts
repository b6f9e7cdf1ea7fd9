import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { dataKeys, inProject } from './keys';

export interface JobOption {
  id: string;
  name: string;
  status: number;
}

/** GET /api/management/job?project=: the project's jobs, for the job membership condition. */
export function useProjectJobs(projectId: string) {
  return useQuery({
    queryKey: dataKeys.jobs(projectId),
    queryFn: () =>
      api
        .get<{ items: JobOption[] }>(`/api/management/job?${inProject(projectId)}`, { silent: true })
        .then((a) => a.items ?? []),
    staleTime: 60_000,
  });
}

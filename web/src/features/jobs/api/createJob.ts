import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { inProject } from '@/lib/inProject';
import { jobKeys } from '@/api/jobs/keys';
import type { Job } from '@/api/jobs/types';

export interface CreateJobInput {
  projectId: string;
  name: string;
  note: string;
}

/** POST /api/management/job?project=: an open job managed by me; a name in use answers 409. */
export const createJob = ({ projectId, name, note }: CreateJobInput) =>
  api.post<Job>(inProject('/api/management/job', projectId), { name, note }, { silent: true });

export function useCreateJob() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createJob,
    onSuccess: () => qc.invalidateQueries({ queryKey: jobKeys.all }),
  });
}

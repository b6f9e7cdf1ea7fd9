import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { inProject } from '@/lib/inProject';
import { jobKeys } from '@/api/jobs/keys';
import type { Job } from '@/api/jobs/types';

export interface UpdateJobInput {
  projectId: string;
  jobId: string;
  name: string;
  note: string;
  version: number;
}

/** PUT /api/management/job/{jobId}?project=: rename or change the details (open jobs only). */
export const updateJob = ({ projectId, jobId, ...body }: UpdateJobInput) =>
  api.put<Job>(inProject(`/api/management/job/${encodeURIComponent(jobId)}`, projectId), body, { silent: true });

export function useUpdateJob() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateJob,
    onSuccess: (j) => {
      qc.setQueryData(jobKeys.one(j.project, j.id), j);
      void qc.invalidateQueries({ queryKey: jobKeys.all });
    },
  });
}

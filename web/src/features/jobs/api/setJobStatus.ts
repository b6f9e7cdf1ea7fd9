import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { inProject } from '@/lib/inProject';
import { jobKeys } from '@/api/jobs/keys';
import type { Job, JobStatus } from '@/api/jobs/types';

export interface SetJobStatusInput {
  projectId: string;
  jobId: string;
  status: JobStatus;
  version: number;
}

/** PUT /api/management/job/{jobId}/status?project=: open, release (in progress) or complete a job. */
export const setJobStatus = ({ projectId, jobId, status, version }: SetJobStatusInput) =>
  api.put<Job>(
    inProject(`/api/management/job/${encodeURIComponent(jobId)}/status`, projectId),
    { status, version },
    { silent: true },
  );

export function useSetJobStatus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: setJobStatus,
    onSuccess: (j) => {
      qc.setQueryData(jobKeys.one(j.project, j.id), j);
      void qc.invalidateQueries({ queryKey: jobKeys.all });
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { inProject } from '@/lib/inProject';
import { jobKeys } from '@/api/jobs/keys';
import type { Job } from '@/api/jobs/types';

export interface LockJobInput {
  projectId: string;
  jobId: string;
  /** true: hold the job; false: release it. */
  lock: boolean;
  /** Management breaking someone else's lock; the holder finds it in the job's conflicts. */
  force?: boolean;
}

/** POST (hold) or DELETE (release) /api/management/job/{jobId}/lock?project=[&force=true]. */
export const lockJob = ({ projectId, jobId, lock, force }: LockJobInput) => {
  const path = inProject(
    `/api/management/job/${encodeURIComponent(jobId)}/lock${force ? '?force=true' : ''}`,
    projectId,
  );
  return lock ? api.post<Job>(path, undefined, { silent: true }) : api.delete<Job>(path, undefined, { silent: true });
};

export function useLockJob() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: lockJob,
    onSuccess: (j) => {
      qc.setQueryData(jobKeys.one(j.project, j.id), j);
      void qc.invalidateQueries({ queryKey: jobKeys.all });
    },
  });
}

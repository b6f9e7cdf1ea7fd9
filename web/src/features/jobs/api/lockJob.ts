import { api } from '@/lib/api';
import { jobPath, useJobMutation } from './jobCall';
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
  const path = jobPath(projectId, jobId, `/lock${force ? '?force=true' : ''}`);
  return lock ? api.post<Job>(path, undefined, { silent: true }) : api.delete<Job>(path, undefined, { silent: true });
};

export const useLockJob = () => useJobMutation(lockJob);

import { api } from '@/lib/api';
import { jobPath, useJobMutation } from './jobCall';
import type { Job, JobStatus } from '@/api/jobs/types';

export interface SetJobStatusInput {
  projectId: string;
  jobId: string;
  status: JobStatus;
  version: number;
}

/** PUT /api/management/job/{jobId}/status?project=: open, release (in progress) or complete a job. */
export const setJobStatus = ({ projectId, jobId, status, version }: SetJobStatusInput) =>
  api.put<Job>(jobPath(projectId, jobId, '/status'), { status, version }, { silent: true });

export const useSetJobStatus = () => useJobMutation(setJobStatus);

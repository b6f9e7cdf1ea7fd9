import { api } from '@/lib/api';
import { jobPath, useJobMutation } from './jobCall';
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
  api.put<Job>(jobPath(projectId, jobId), body, { silent: true });

export const useUpdateJob = () => useJobMutation(updateJob);

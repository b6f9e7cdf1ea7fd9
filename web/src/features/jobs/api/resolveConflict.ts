import { api } from '@/lib/api';
import type { Job } from '@/api/jobs/types';
import { jobPath, useJobMutation } from './jobCall';

/** POST /api/management/job/{jobId}/conflicts/{index}/resolve?project=: marks one resolved (it stays recorded). */
export const resolveConflict = ({ projectId, jobId, index }: { projectId: string; jobId: string; index: number }) =>
  api.post<Job>(jobPath(projectId, jobId, `/conflicts/${index}/resolve`), undefined, { silent: true });

export const useResolveConflict = () => useJobMutation(resolveConflict);

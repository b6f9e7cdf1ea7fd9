import { api } from '@/lib/api';
import type { Job } from '@/api/jobs/types';
import { jobPath, useJobMutation } from './jobCall';

/**
 * POST /api/management/job/{jobId}/conflicts/{index}/apply?project=: writes a crew's kept edit onto
 * the tree or group as it is now and marks the conflict resolved ("applied").
 */
export const applyConflict = ({ projectId, jobId, index }: { projectId: string; jobId: string; index: number }) =>
  api.post<Job>(jobPath(projectId, jobId, `/conflicts/${index}/apply`), undefined, { silent: true });

export const useApplyConflict = () => useJobMutation(applyConflict, true);

import { useListQuery } from '@/api/useListQuery';
import { api } from '@/lib/api';
import { inProject } from '@/lib/inProject';
import type { ListAnswer } from '@/api/organisations/types';
import { jobKeys } from './keys';
import type { Job } from './types';

/**
 * GET /api/management/job?project=: the project's jobs, open ones first. The one query of this
 * endpoint: the job manager, the add-to-job modal, the data view's job condition and the jobs
 * dashboard's picker share it, so a job created or renamed in one shows in all.
 */
export const getProjectJobs = (projectId: string) =>
  api.get<ListAnswer<Job>>(inProject('/api/management/job', projectId), { silent: true });

export const useProjectJobs = (projectId: string, enabled = true) =>
  useListQuery(jobKeys.project(projectId), () => getProjectJobs(projectId), enabled && !!projectId);

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { inProject } from '@/lib/inProject';
import { jobKeys } from '@/api/jobs/keys';
import type { JobContentAnswer, JobSelection } from '@/api/jobs/types';

export type AddToJobInput = {
  projectId: string;
  selection: JobSelection;
} & ({ job: string } | { name: string; note?: string });

/**
 * POST /api/content/job/add-list, add-filter (an existing job) or add-list-new, add-filter-new (a
 * new job by name): a filter in the selection takes the filter calls, ids and works the list calls.
 */
export const addToJob = (input: AddToJobInput) => {
  const kind = input.selection.filter !== undefined && input.selection.filter !== null ? 'filter' : 'list';
  const isNew = !('job' in input);
  const path = `/api/content/job/add-${kind}${isNew ? '-new' : ''}`;
  const body =
    'job' in input
      ? { job: input.job, ...input.selection }
      : { name: input.name, note: input.note ?? '', ...input.selection };
  return api.post<JobContentAnswer>(inProject(path, input.projectId), body, { silent: true });
};

export function useAddToJob() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: addToJob,
    onSuccess: () => qc.invalidateQueries({ queryKey: jobKeys.all }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { inProject } from '@/lib/inProject';
import { jobKeys } from '@/api/jobs/keys';
import type { JobContentAnswer, JobSelection } from '@/api/jobs/types';

export interface RemoveFromJobInput {
  projectId: string;
  job: string;
  selection: JobSelection;
}

/** POST /api/content/job/remove-list or remove-filter: only open jobs give items up (409 otherwise). */
export const removeFromJob = ({ projectId, job, selection }: RemoveFromJobInput) => {
  const kind = selection.filter !== undefined && selection.filter !== null ? 'filter' : 'list';
  return api.post<JobContentAnswer>(
    inProject(`/api/content/job/remove-${kind}`, projectId),
    { job, ...selection },
    { silent: true },
  );
};

export function useRemoveFromJob() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: removeFromJob,
    onSuccess: () => qc.invalidateQueries({ queryKey: jobKeys.all }),
  });
}

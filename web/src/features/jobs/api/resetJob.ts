import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { inProject } from '@/lib/inProject';
import { jobKeys } from '@/api/jobs/keys';
import type { JobContentAnswer } from '@/api/jobs/types';

/** POST /api/content/job/reset: empties an open job. */
export const resetJob = ({ projectId, job }: { projectId: string; job: string }) =>
  api.post<JobContentAnswer>(inProject('/api/content/job/reset', projectId), { job }, { silent: true });

export function useResetJob() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: resetJob,
    onSuccess: () => qc.invalidateQueries({ queryKey: jobKeys.all }),
  });
}

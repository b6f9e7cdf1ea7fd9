import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { inProject } from '@/lib/inProject';
import { jobKeys } from '@/api/jobs/keys';
import type { Job } from '@/api/jobs/types';

/** POST /api/management/job/{jobId}/conflicts/{index}/resolve?project=: marks one resolved (it stays recorded). */
export const resolveConflict = ({ projectId, jobId, index }: { projectId: string; jobId: string; index: number }) =>
  api.post<Job>(
    inProject(`/api/management/job/${encodeURIComponent(jobId)}/conflicts/${index}/resolve`, projectId),
    undefined,
    { silent: true },
  );

export function useResolveConflict() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: resolveConflict,
    onSuccess: (j) => {
      qc.setQueryData(jobKeys.one(j.project, j.id), j);
      void qc.invalidateQueries({ queryKey: jobKeys.all });
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { inProject } from '@/lib/inProject';
import { treeKeys } from '@/api/trees/keys';
import { jobKeys } from '@/api/jobs/keys';
import type { Job } from '@/api/jobs/types';

/**
 * POST /api/management/job/{jobId}/conflicts/{index}/apply?project=: writes a crew's kept edit onto
 * the tree or group as it is now and marks the conflict resolved ("applied").
 */
export const applyConflict = ({ projectId, jobId, index }: { projectId: string; jobId: string; index: number }) =>
  api.post<Job>(
    inProject(`/api/management/job/${encodeURIComponent(jobId)}/conflicts/${index}/apply`, projectId),
    undefined,
    { silent: true },
  );

export function useApplyConflict() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: applyConflict,
    onSuccess: (j) => {
      qc.setQueryData(jobKeys.one(j.project, j.id), j);
      void qc.invalidateQueries({ queryKey: jobKeys.all });
      void qc.invalidateQueries({ queryKey: [...treeKeys.all, j.project] });
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { inProject } from '@/lib/inProject';
import { treeKeys } from '@/api/trees/keys';
import { jobKeys } from '@/api/jobs/keys';
import type { Job } from '@/api/jobs/types';

/** A job's endpoint in its project: /api/management/job/{jobId}{rest}?project=. */
export const jobPath = (projectId: string, jobId: string, rest = '') =>
  inProject(`/api/management/job/${encodeURIComponent(jobId)}${rest}`, projectId);

/**
 * A mutation that answers the job: the answer replaces the job in the cache and the job lists are
 * read again — and the project's trees, where the change wrote onto them (withTrees).
 */
export function useJobMutation<I>(mutationFn: (input: I) => Promise<Job>, withTrees = false) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (j) => {
      qc.setQueryData(jobKeys.one(j.project, j.id), j);
      void qc.invalidateQueries({ queryKey: jobKeys.all });
      if (withTrees) void qc.invalidateQueries({ queryKey: [...treeKeys.all, j.project] });
    },
  });
}

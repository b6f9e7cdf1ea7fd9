import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { inProject } from '@/lib/inProject';
import { jobKeys } from '@/api/jobs/keys';
import { treeKeys } from '@/api/trees/keys';
import type { Action, Page } from '@/api/trees/types';
import type { JobContentAnswer } from '@/api/jobs/types';

/** GET /api/content/tree/{id}/actions: the tree's works, for picking the ones the job lacks. */
export function useTreeWorks(projectId: string, treeId: string) {
  return useQuery({
    queryKey: treeKeys.actions(projectId, treeId),
    queryFn: () =>
      api.get<Page<Action>>(inProject(`/api/content/tree/${encodeURIComponent(treeId)}/actions`, projectId), {
        silent: true,
      }),
    select: (p) => p.items ?? [],
  });
}

export interface NewWork {
  work: string;
  deadline: string | null;
  security_relevance: boolean;
}

/**
 * Works into a job from its item list: a new work is recorded on the tree first (POST
 * /api/content/action), then it and the chosen existing ones join the job (POST add-list).
 */
export function useAddWorksToJob(projectId: string, jobId: string, treeId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ existing, created }: { existing: string[]; created: NewWork | null }) => {
      const actions = [...existing];
      if (created) {
        const a = await api.post<Action>(
          inProject('/api/content/action', projectId),
          { ...created, tree: treeId, comment: '', marker: '' },
          { silent: true },
        );
        actions.push(a.id);
      }
      return api.post<JobContentAnswer>(
        inProject('/api/content/job/add-list', projectId),
        { job: jobId, actions },
        { silent: true },
      );
    },
    onSettled: () => {
      qc.invalidateQueries({ queryKey: jobKeys.all });
      qc.invalidateQueries({ queryKey: treeKeys.tree(projectId, treeId) });
    },
  });
}

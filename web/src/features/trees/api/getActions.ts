import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { inProject } from '@/lib/inProject';
import { treeKeys } from '@/api/trees/keys';
import type { Action, Page } from '@/api/trees/types';

/** GET /api/content/tree/{id}/actions: the works, open ones first. */
export const getActions = (projectId: string, id: string) =>
  api.get<Page<Action>>(inProject(`/api/content/tree/${encodeURIComponent(id)}/actions`, projectId), {
    silent: true,
  });

export function useActions(projectId: string, id: string, enabled = true) {
  return useQuery({
    queryKey: treeKeys.actions(projectId, id),
    queryFn: () => getActions(projectId, id),
    select: (p) => p.items ?? [],
    enabled,
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { inProject } from '@/lib/inProject';
import { treeKeys } from '@/api/trees/keys';
import type { Action } from '@/api/trees/types';

export interface ActionInput {
  work: string;
  security_relevance: boolean;
  deadline: string | null;
  comment: string;
  marker: string;
  general41?: string;
  general42?: string;
}

/** POST /api/content/action (a new work on the tree) or PUT /api/content/action/{id} (with version). */
export const saveAction = (
  projectId: string,
  treeId: string,
  { id, version, ...body }: ActionInput & { id?: string; version?: number },
) =>
  id
    ? api.put<Action>(
        inProject(`/api/content/action/${encodeURIComponent(id)}`, projectId),
        { ...body, version },
        { silent: true },
      )
    : api.post<Action>(inProject('/api/content/action', projectId), { ...body, tree: treeId }, { silent: true });

/** Works change the tree's safety, deadline and counts: the tree is read again after each. */
export function useInvalidateWorks(projectId: string, treeId: string) {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: treeKeys.tree(projectId, treeId) });
}

export function useSaveAction(projectId: string, treeId: string) {
  const invalidate = useInvalidateWorks(projectId, treeId);
  return useMutation({
    mutationFn: (input: ActionInput & { id?: string; version?: number }) => saveAction(projectId, treeId, input),
    onSettled: invalidate,
  });
}

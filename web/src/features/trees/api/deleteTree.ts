import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { inProject } from '@/lib/inProject';
import { treeKeys } from '@/api/trees/keys';

/** DELETE /api/content/tree/{id}: an object entered by mistake (never inspected; 409 otherwise). */
export const deleteTree = (projectId: string, id: string) =>
  api.delete<void>(inProject(`/api/content/tree/${encodeURIComponent(id)}`, projectId), undefined, {
    silent: true,
  });

export function useDeleteTree(projectId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteTree(projectId, id),
    onSuccess: (_d, id) => qc.removeQueries({ queryKey: treeKeys.tree(projectId, id) }),
  });
}

import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { inProject } from '@/lib/inProject';
import { useInvalidateWorks } from './saveAction';

/** DELETE /api/content/action/{id}. */
export const deleteAction = (projectId: string, id: string) =>
  api.delete<void>(inProject(`/api/content/action/${encodeURIComponent(id)}`, projectId), undefined, {
    silent: true,
  });

export function useDeleteAction(projectId: string, treeId: string) {
  const invalidate = useInvalidateWorks(projectId, treeId);
  return useMutation({ mutationFn: (id: string) => deleteAction(projectId, id), onSettled: invalidate });
}

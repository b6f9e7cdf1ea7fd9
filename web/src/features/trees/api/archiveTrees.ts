import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { inProject } from '@/lib/inProject';
import { treeKeys } from '@/api/trees/keys';

/** PUT /api/content/archive: archive (true) or activate (false) the given trees and groups. */
export const archiveTrees = (projectId: string, ids: string[], archive: boolean) =>
  api.put<{ changed: number }>(inProject('/api/content/archive', projectId), { ids, archive }, { silent: true });

/** Archives or activates one tree or group, then reloads it. */
export function useArchiveTree(projectId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, archive }: { id: string; archive: boolean }) => archiveTrees(projectId, [id], archive),
    onSuccess: (_d, { id }) => qc.invalidateQueries({ queryKey: treeKeys.tree(projectId, id) }),
  });
}

import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { inProject } from '@/lib/inProject';
import { treeKeys } from '@/api/trees/keys';
import type { Tree } from '@/api/trees/types';

/** GET /api/content/tree/{id}: one tree or group. */
export const getTree = (projectId: string, id: string) =>
  api.get<Tree>(inProject(`/api/content/tree/${encodeURIComponent(id)}`, projectId), { silent: true });

export function useTree(projectId: string, id: string) {
  return useQuery({ queryKey: treeKeys.tree(projectId, id), queryFn: () => getTree(projectId, id), retry: false });
}

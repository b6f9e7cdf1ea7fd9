import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { inProject } from '@/lib/inProject';
import { treeKeys } from '@/api/trees/keys';
import type { Change, Page } from '@/api/trees/types';

/** GET /api/content/tree-hist?tree=: what happened to the object and its inspections and works. */
export const getHistory = (projectId: string, id: string) =>
  api.get<Page<Change>>(inProject(`/api/content/tree-hist?tree=${encodeURIComponent(id)}&limit=500`, projectId), {
    silent: true,
  });

export function useHistory(projectId: string, id: string, enabled = true) {
  return useQuery({ queryKey: treeKeys.history(projectId, id), queryFn: () => getHistory(projectId, id), enabled });
}

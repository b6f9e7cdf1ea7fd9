import { useQuery, type QueryKey } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { inProject } from '@/lib/inProject';
import type { Page } from '@/api/trees/types';

/** GET /api/content/tree/{id}/{list}: one of a tree's lists, a page of it. */
export const getTreeList = <T>(projectId: string, id: string, list: 'actions' | 'checks') =>
  api.get<Page<T>>(inProject(`/api/content/tree/${encodeURIComponent(id)}/${list}`, projectId), {
    silent: true,
  });

/** A tree's list as read by `read`, its items only. */
export function useTreeList<T>(queryKey: QueryKey, read: () => Promise<Page<T>>, enabled: boolean) {
  return useQuery({ queryKey, queryFn: read, select: (p) => p.items ?? [], enabled });
}

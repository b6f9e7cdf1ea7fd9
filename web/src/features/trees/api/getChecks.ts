import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { inProject } from '@/lib/inProject';
import { treeKeys } from '@/api/trees/keys';
import type { Check, Page } from '@/api/trees/types';

/** GET /api/content/tree/{id}/checks: the inspections, newest first. */
export const getChecks = (projectId: string, id: string) =>
  api.get<Page<Check>>(inProject(`/api/content/tree/${encodeURIComponent(id)}/checks`, projectId), {
    silent: true,
  });

export function useChecks(projectId: string, id: string, enabled = true) {
  return useQuery({
    queryKey: treeKeys.checks(projectId, id),
    queryFn: () => getChecks(projectId, id),
    select: (p) => p.items ?? [],
    enabled,
  });
}

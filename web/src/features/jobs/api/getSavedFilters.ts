import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { ListAnswer } from '@/api/organisations/types';
import { inProject } from '@/api/jobs/keys';

/** A saved filter as the job pages need it: name and the filter itself. */
export interface SavedFilterRef {
  id: string;
  name: string;
  filter: unknown;
  project_wide: boolean;
  owner_alias: string;
}

/** GET /api/content/filters?project=: the saved filters I may use (own, project-wide, shared). */
export const getSavedFilters = (projectId: string) =>
  api.get<ListAnswer<SavedFilterRef>>(inProject('/api/content/filters', projectId), { silent: true });

export function useSavedFilters(projectId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['jobs', 'filters', projectId],
    queryFn: () => getSavedFilters(projectId),
    select: (a) => a.items ?? [],
    enabled: enabled && !!projectId,
  });
}

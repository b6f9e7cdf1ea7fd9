import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { inProject } from '@/lib/inProject';

/** A saved filter (docs/API.md): one's own, shared with one, or project-wide. `F` is the filter model. */
export interface SavedFilter<F = unknown> {
  id: string;
  name: string;
  filter: F;
  project_wide: boolean;
  owner: string | null;
  owner_alias: string;
  mine: boolean;
  shared_with: string[];
  version: number;
  updated_at: string;
}

/** Query keys of the saved filters; the data view's changes invalidate what the job pages read. */
export const filterKeys = {
  list: (projectId: string) => ['filters', projectId] as const,
};

/** GET /api/content/filters?project=: the saved filters I may use (own, project-wide, shared). */
export const getSavedFilters = <F = unknown>(projectId: string) =>
  api
    .get<{ items: SavedFilter<F>[] | null }>(inProject('/api/content/filters', projectId), { silent: true })
    .then((a) => a.items ?? []);

/** The one query of this endpoint, for the data view's saved filters and a job's "add from filter". */
export function useSavedFilters<F = unknown>(projectId: string, enabled = true) {
  return useQuery({
    queryKey: filterKeys.list(projectId),
    queryFn: () => getSavedFilters<F>(projectId),
    enabled: enabled && !!projectId,
  });
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { Filter } from '../filter';
import { dataKeys, inProject } from './keys';

/** A saved filter (docs/API.md): one's own, shared with one, or project-wide. */
export interface SavedFilter {
  id: string;
  name: string;
  filter: Filter;
  project_wide: boolean;
  owner: string | null;
  owner_alias: string;
  mine: boolean;
  shared_with: string[];
  version: number;
  updated_at: string;
}

const BASE = '/api/content/filters';

/** GET /api/content/filters: the filters I may use in the project. */
export function useSavedFilters(projectId: string) {
  return useQuery({
    queryKey: dataKeys.filters(projectId),
    queryFn: () =>
      api.get<{ items: SavedFilter[] }>(`${BASE}?${inProject(projectId)}`, { silent: true }).then((a) => a.items ?? []),
  });
}

export interface FilterInput {
  name: string;
  filter: Filter;
  project_wide: boolean;
}

function useFilterMutation<V>(projectId: string, fn: (v: V) => Promise<SavedFilter | void>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => qc.invalidateQueries({ queryKey: dataKeys.filters(projectId) }),
  });
}

/** POST /api/content/filters (project_wide: management only). */
export function useCreateFilter(projectId: string) {
  return useFilterMutation(projectId, (v: FilterInput) =>
    api.post<SavedFilter>(`${BASE}?${inProject(projectId)}`, v, { silent: true }),
  );
}

/** PUT /api/content/filters/{id} with the version it was loaded from. */
export function useUpdateFilter(projectId: string) {
  return useFilterMutation(projectId, (v: FilterInput & { id: string; version: number }) =>
    api.put<SavedFilter>(
      `${BASE}/${encodeURIComponent(v.id)}?${inProject(projectId)}`,
      { name: v.name, filter: v.filter, project_wide: v.project_wide, version: v.version },
      { silent: true },
    ),
  );
}

/** DELETE /api/content/filters/{id}. */
export function useDeleteFilter(projectId: string) {
  return useFilterMutation(projectId, (id: string) =>
    api.delete<void>(`${BASE}/${encodeURIComponent(id)}?${inProject(projectId)}`),
  );
}

/** POST /api/content/filters/{id}/share: comma-separated e-mails of project members. */
export function useShareFilter(projectId: string) {
  return useFilterMutation(projectId, (v: { id: string; emails: string }) =>
    api.post<SavedFilter>(
      `${BASE}/${encodeURIComponent(v.id)}/share?${inProject(projectId)}`,
      { emails: v.emails },
      { silent: true },
    ),
  );
}

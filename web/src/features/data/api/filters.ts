import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { inProject } from '@/lib/inProject';
import type { Filter } from '../filter';
import {
  filterKeys,
  useSavedFilters as useSharedSavedFilters,
  type SavedFilter as SharedSavedFilter,
} from '@/api/filters/getSavedFilters';

/** A saved filter with the data view's filter model. */
export type SavedFilter = SharedSavedFilter<Filter>;

const BASE = '/api/content/filters';

/** The saved filters, read as the data view's filter model. */
export const useSavedFilters = (projectId: string) => useSharedSavedFilters<Filter>(projectId);

export interface FilterInput {
  name: string;
  filter: Filter;
  project_wide: boolean;
}

function useFilterMutation<V>(projectId: string, fn: (v: V) => Promise<SavedFilter | void>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => qc.invalidateQueries({ queryKey: filterKeys.list(projectId) }),
  });
}

/** POST /api/content/filters (project_wide: management only). */
export function useCreateFilter(projectId: string) {
  return useFilterMutation(projectId, (v: FilterInput) =>
    api.post<SavedFilter>(inProject(`${BASE}`, projectId), v, { silent: true }),
  );
}

/** PUT /api/content/filters/{id} with the version it was loaded from. */
export function useUpdateFilter(projectId: string) {
  return useFilterMutation(projectId, (v: FilterInput & { id: string; version: number }) =>
    api.put<SavedFilter>(
      inProject(`${BASE}/${encodeURIComponent(v.id)}`, projectId),
      { name: v.name, filter: v.filter, project_wide: v.project_wide, version: v.version },
      { silent: true },
    ),
  );
}

/** DELETE /api/content/filters/{id}. */
export function useDeleteFilter(projectId: string) {
  return useFilterMutation(projectId, (id: string) =>
    api.delete<void>(inProject(`${BASE}/${encodeURIComponent(id)}`, projectId)),
  );
}

/** POST /api/content/filters/{id}/share: comma-separated e-mails of project members. */
export function useShareFilter(projectId: string) {
  return useFilterMutation(projectId, (v: { id: string; emails: string }) =>
    api.post<SavedFilter>(
      inProject(`${BASE}/${encodeURIComponent(v.id)}/share`, projectId),
      { emails: v.emails },
      { silent: true },
    ),
  );
}

import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { inProject } from '@/lib/inProject';
import { dataKeys } from './keys';

export interface FilterValue {
  value: string;
  label?: string;
  count: number;
}

/** GET /api/content/filter-values?field=: the distinct values of a field, most frequent first. */
export function useFilterValues(projectId: string, field: string, enabled = true) {
  return useQuery({
    queryKey: dataKeys.values(projectId, field),
    queryFn: () =>
      api
        .get<{
          items: FilterValue[];
        }>(inProject(`/api/content/filter-values?field=${encodeURIComponent(field)}&limit=500`, projectId), {
          silent: true,
        })
        .then((a) => a.items ?? []),
    enabled: enabled && !!field,
    staleTime: 60_000,
  });
}

import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { inProject } from '@/lib/inProject';
import type { SavedColumn } from '../columns';
import { dataKeys } from './keys';

const BASE = '/api/content/table-columns';

/** GET /api/content/table-columns: my columns of the project's table, null if never arranged. */
export function useTableColumns(projectId: string, enabled = true) {
  return useQuery({
    queryKey: dataKeys.columns(projectId),
    queryFn: () =>
      api
        .get<{ columns: SavedColumn[] | null }>(inProject(`${BASE}`, projectId), { silent: true })
        .then((a) => a.columns),
    enabled,
    staleTime: Infinity,
  });
}

/** PUT /api/content/table-columns: keep my columns of the project's table (also while the page closes). */
export function putTableColumns(projectId: string, columns: SavedColumn[]) {
  return api.put<{ columns: SavedColumn[] }>(
    inProject(`${BASE}`, projectId),
    { columns },
    { silent: true, keepalive: true },
  );
}

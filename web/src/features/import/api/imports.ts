import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { importKeys } from './keys';
import type { TreeImport } from './types';

/** GET /api/content/imports: the project's imports, newest first. */
export function useImports(projectId: string) {
  return useQuery({
    queryKey: importKeys.list(projectId),
    queryFn: () =>
      api.get<{ items: TreeImport[]; total: number }>(`/api/content/imports?project=${encodeURIComponent(projectId)}`),
  });
}

/** POST /api/content/import/{id}/undo: removes what an import made (management). */
export function useUndoImport(projectId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.post<{ removed: number; restored: number }>(
        `/api/content/import/${encodeURIComponent(id)}/undo?project=${encodeURIComponent(projectId)}`,
        undefined,
        { silent: true },
      ),
    onSuccess: () => qc.invalidateQueries({ predicate: (q) => JSON.stringify(q.queryKey).includes(projectId) }),
  });
}

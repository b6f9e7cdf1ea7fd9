import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { inProject } from '@/lib/inProject';
import type { Filter } from '../filter';
import { dataKeys } from './keys';
import { followTask, type Task } from './task';

function useContentWrite<V>(fn: (v: V) => Promise<{ changed: number }>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: dataKeys.all });
      void qc.invalidateQueries({ queryKey: ['map'] });
    },
  });
}

/** PUT /api/content/bulk: mass edit, the chosen fields on up to 10,000 selected objects. */
export function useMassEdit(projectId: string) {
  return useContentWrite((v: { ids: string[]; fields: Record<string, unknown> }) =>
    api.put<{ changed: number }>(inProject('/api/content/bulk', projectId), v, { silent: true }),
  );
}

/** PUT /api/content/archive: archive (true) or activate (false) a selection. */
export function useArchiveSelection(projectId: string) {
  return useContentWrite((v: { ids: string[]; archive: boolean }) =>
    api.put<{ changed: number }>(inProject('/api/content/archive', projectId), v, { silent: true }),
  );
}

/**
 * PUT /api/content/archive-filter (management): everything the filter shows. A view bigger than
 * the server archives at once becomes a task there; its progress goes to onProgress until it ends.
 */
export function useArchiveFiltered(projectId: string) {
  return useContentWrite(
    async (v: { filter: Filter; archive: boolean; onProgress?: (t: Task) => void }): Promise<{ changed: number }> => {
      const a = await api.put<{ changed: number } | { task: Task }>(
        inProject('/api/content/archive-filter', projectId),
        { filter: v.filter, archive: v.archive },
        { silent: true },
      );
      if (!('task' in a)) return a;
      const done = await followTask(projectId, a.task, (t) => v.onProgress?.(t));
      return { changed: done.changed ?? 0 };
    },
  );
}

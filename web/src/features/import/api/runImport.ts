import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { postImport } from './upload';
import { importKeys } from './keys';
import type { ImportOptions, ImportResult, ImportTask } from './types';

/** POST /api/content/import with dry_run: the preview; nothing is written. */
export function useRunImport(projectId: string) {
  return useMutation({
    mutationFn: ({ file, options }: { file: File; options: ImportOptions }) =>
      postImport<ImportResult>(`/api/content/import?project=${encodeURIComponent(projectId)}`, file, {
        ...options,
        dry_run: true,
      }),
  });
}

/** POST /api/content/import: the import itself, queued as a task the wizard follows (202 {task}). */
export function useQueueImport(projectId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ file, options }: { file: File; options: ImportOptions }) =>
      postImport<{ task: ImportTask }>(`/api/content/import?project=${encodeURIComponent(projectId)}`, file, {
        ...options,
        dry_run: false,
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: importKeys.tasks(projectId) }),
  });
}

/** GET /api/content/import/tasks: the person's imports under way, so a wizard opened again shows one. */
export function useOpenImports(projectId: string, enabled: boolean) {
  return useQuery({
    queryKey: importKeys.tasks(projectId),
    queryFn: () =>
      api.get<{ items: ImportTask[]; total: number }>(
        `/api/content/import/tasks?project=${encodeURIComponent(projectId)}`,
      ),
    enabled,
  });
}

/** GET /api/content/import/task/{id}: read every second until the import has ended. */
export function useImportTask(projectId: string, id: string | null) {
  const qc = useQueryClient();
  return useQuery({
    queryKey: importKeys.task(projectId, id ?? ''),
    queryFn: async () => {
      const task = await api.get<ImportTask>(
        `/api/content/import/task/${encodeURIComponent(id ?? '')}?project=${encodeURIComponent(projectId)}`,
      );
      if (task.state === 'done' && task.result?.written) {
        // New and changed objects: every view of the project's content is out of date.
        qc.invalidateQueries({
          predicate: (q) => JSON.stringify(q.queryKey).includes(projectId) && q.queryKey[0] !== 'import-task',
        });
      }
      return task;
    },
    enabled: !!id,
    refetchInterval: (q) => (q.state.data && ['done', 'failed'].includes(q.state.data.state) ? false : 1000),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postImport } from './upload';
import { importKeys } from './keys';
import type { ImportOptions, ImportResult } from './types';

/** POST /api/content/import: a preview (dry_run) or the import itself, all or nothing. */
export function useRunImport(projectId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ file, options }: { file: File; options: ImportOptions }) =>
      postImport<ImportResult>(`/api/content/import?project=${encodeURIComponent(projectId)}`, file, options),
    onSuccess: (res) => {
      if (!res.written) return;
      // New objects: every view of the project's content is out of date.
      qc.invalidateQueries({ queryKey: importKeys.list(projectId) });
      qc.invalidateQueries({ predicate: (q) => JSON.stringify(q.queryKey).includes(projectId) });
    },
  });
}

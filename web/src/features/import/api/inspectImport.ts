import { useMutation } from '@tanstack/react-query';
import { postImport } from './upload';
import type { ImportInspection, ImportOptions } from './types';

/** POST /api/content/import/inspect: what a file holds and how Arbor would read it. */
export function useInspectImport(projectId: string) {
  return useMutation({
    mutationFn: ({ file, options }: { file: File; options: ImportOptions }) =>
      postImport<ImportInspection>(
        `/api/content/import/inspect?project=${encodeURIComponent(projectId)}`,
        file,
        options,
      ),
  });
}

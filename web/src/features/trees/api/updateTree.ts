import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api';
import { inProject } from '@/lib/inProject';
import { treeKeys } from '@/api/trees/keys';
import type { Tree } from '@/api/trees/types';
import { useTreeSaved } from './useTreeSaved';

export interface UpdateTreeInput {
  id: string;
  version: number;
  /** Only the fields that changed; null clears a field. */
  fields: Record<string, unknown>;
}

/** PUT /api/content/tree/{id} with the version the form was loaded from. */
export const updateTree = (projectId: string, { id, version, fields }: UpdateTreeInput) =>
  api.put<Tree>(
    inProject(`/api/content/tree/${encodeURIComponent(id)}`, projectId),
    { ...fields, version },
    { silent: true },
  );

export function useUpdateTree(projectId: string) {
  const qc = useQueryClient();
  const saved = useTreeSaved(projectId);
  return useMutation({
    mutationFn: (input: UpdateTreeInput) => updateTree(projectId, input),
    onSuccess: saved,
    onError: (e, input) => {
      // A stale version brings the current object; a duplicate number brings {next} instead.
      if (e instanceof ApiError && e.stale && (e.current as Tree | undefined)?.id === input.id)
        qc.setQueryData(treeKeys.tree(projectId, input.id), e.current as Tree);
    },
  });
}

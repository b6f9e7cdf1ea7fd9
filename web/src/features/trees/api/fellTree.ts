import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { inProject } from '@/lib/inProject';
import type { Tree } from '@/api/trees/types';
import { useTreeSaved } from './useTreeSaved';

export interface FellInput {
  id: string;
  version: number;
  /** YYYY-MM-DD; leave out to undo felling. */
  cut_date?: string;
  undo?: boolean;
}

/** POST /api/content/tree/{id}/fell (cut_date) or DELETE …/fell (undo felling). */
export const fellTree = (projectId: string, { id, version, cut_date, undo }: FellInput) => {
  const path = inProject(`/api/content/tree/${encodeURIComponent(id)}/fell`, projectId);
  return undo
    ? api.delete<Tree>(path, { version }, { silent: true })
    : api.post<Tree>(path, { version, cut_date }, { silent: true });
};

export function useFellTree(projectId: string) {
  const saved = useTreeSaved(projectId);
  return useMutation({
    mutationFn: (input: FellInput) => fellTree(projectId, input),
    onSuccess: saved,
  });
}

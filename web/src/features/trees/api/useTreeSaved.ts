import { useQueryClient } from '@tanstack/react-query';
import { treeKeys } from '@/api/trees/keys';
import type { Tree } from '@/api/trees/types';

/** What follows a tree's save: the answer is the tree as it is now, and its history has grown. */
export function useTreeSaved(projectId: string) {
  const qc = useQueryClient();
  return (t: Tree) => {
    qc.setQueryData(treeKeys.tree(projectId, t.id), t);
    void qc.invalidateQueries({ queryKey: treeKeys.history(projectId, t.id) });
  };
}

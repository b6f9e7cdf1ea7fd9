import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { inProject } from '@/lib/inProject';
import { treeKeys } from '@/api/trees/keys';
import type { Action, Assessment, Check, CheckType, Finding } from '@/api/trees/types';

export type CheckInput = Partial<Assessment> & {
  id?: string;
  /** RFC 3339; leave out for now. */
  timestamp?: string;
  comment?: string;
  general31?: string;
  general32?: string;
  check_type?: CheckType;
  findings?: Finding[];
  /** The work the inspection calls for, recorded with it. */
  measure?: { work: string; deadline: string | null; security_relevance: boolean };
};

/** POST /api/content/tree/{id}/checks: records an inspection; the server computes the next date. */
export const createCheck = (projectId: string, treeId: string, body: CheckInput) =>
  api.post<Check & { measure?: Action }>(
    inProject(`/api/content/tree/${encodeURIComponent(treeId)}/checks`, projectId),
    body,
    {
      silent: true,
    },
  );

export function useCreateCheck(projectId: string, treeId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CheckInput) => createCheck(projectId, treeId, body),
    // The tree's check_* fields and assessment follow the newest inspection.
    // A measure is a new work: the works list sits under the same key.
    onSuccess: () => qc.invalidateQueries({ queryKey: treeKeys.tree(projectId, treeId) }),
  });
}

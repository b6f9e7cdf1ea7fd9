import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { inProject } from '@/lib/inProject';
import { useInvalidateWorks } from './saveAction';
import type { Action } from '@/api/trees/types';

export interface CompleteInput {
  id: string;
  version: number;
  /** Open the completed work again. */
  reopen?: boolean;
  execute_note?: string;
  /** RFC 3339; leave out for now. */
  execute_timestamp?: string;
}

/** POST /api/content/action/{id}/complete, or DELETE …/complete to open it again. */
export const completeAction = (projectId: string, { id, version, reopen, ...body }: CompleteInput) => {
  const path = inProject(`/api/content/action/${encodeURIComponent(id)}/complete`, projectId);
  return reopen
    ? api.delete<Action>(path, { version }, { silent: true })
    : api.post<Action>(path, { ...body, version }, { silent: true });
};

export function useCompleteAction(projectId: string, treeId: string) {
  const invalidate = useInvalidateWorks(projectId, treeId);
  return useMutation({ mutationFn: (input: CompleteInput) => completeAction(projectId, input), onSettled: invalidate });
}

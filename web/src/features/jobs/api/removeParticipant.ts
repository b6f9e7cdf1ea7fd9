import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { jobPath } from './jobCall';
import type { ListAnswer } from '@/api/organisations/types';
import { jobKeys } from '@/api/jobs/keys';
import type { Participant } from '@/api/jobs/types';

export interface RemoveParticipantInput {
  projectId: string;
  jobId: string;
  /** The user id, or the e-mail of an open invitation. */
  member: string;
}

/** DELETE /api/management/job/{jobId}/users/{member}?project=: ends a participation. */
export const removeParticipant = ({ projectId, jobId, member }: RemoveParticipantInput) =>
  api.delete<ListAnswer<Participant>>(jobPath(projectId, jobId, `/users/${encodeURIComponent(member)}`), undefined, {
    silent: true,
  });

export function useRemoveParticipant() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: removeParticipant,
    onSuccess: (list, v) => qc.setQueryData(jobKeys.participants(v.projectId, v.jobId), list),
  });
}

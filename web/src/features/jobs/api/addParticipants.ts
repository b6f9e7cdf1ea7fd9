import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { jobPath } from './jobCall';
import type { ListAnswer } from '@/api/organisations/types';
import { jobKeys } from '@/api/jobs/keys';
import type { Participant, ParticipantRole } from '@/api/jobs/types';

export interface AddParticipantsInput {
  projectId: string;
  jobId: string;
  /** Comma-separated (docs/PRODUCT.md §5); addresses without an account are invited by e-mail. */
  emails: string;
  role: ParticipantRole;
}

/** POST /api/management/job/{jobId}/users?project=: answers the participants afterwards. */
export const addParticipants = ({ projectId, jobId, emails, role }: AddParticipantsInput) =>
  api.post<ListAnswer<Participant>>(jobPath(projectId, jobId, '/users'), { emails, role }, { silent: true });

export function useAddParticipants() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: addParticipants,
    onSuccess: (list, v) => {
      qc.setQueryData(jobKeys.participants(v.projectId, v.jobId), list);
      void qc.invalidateQueries({ queryKey: jobKeys.mine() });
    },
  });
}

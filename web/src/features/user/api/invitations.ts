import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** An open invitation to the user's own address (docs/API.md "Invitations"). */
export interface MyInvitation {
  kind: 'organisation' | 'project' | 'job';
  id: string;
  name: string;
  organisation: string;
  project: string; // of a job
  access: number | null; // of a project
  role: string; // of a job
  by: string;
  createdAt: string;
}

interface InvitationsAnswer {
  items: MyInvitation[];
  total: number;
}

export const invitationsQueryKey = ['user', 'invitations'] as const;

/** GET /api/management/user/invitations */
export const getInvitations = () => api.get<InvitationsAnswer>('/api/management/user/invitations');

export function useInvitations() {
  return useQuery({ queryKey: invitationsQueryKey, queryFn: getInvitations, select: (a) => a.items ?? [] });
}

/** POST (accept) or DELETE (decline) /api/management/user/invitations/{kind}/{id}; answers those still open. */
export const answerInvitation = ({ invitation, accept }: { invitation: MyInvitation; accept: boolean }) => {
  const path = `/api/management/user/invitations/${invitation.kind}/${encodeURIComponent(invitation.id)}`;
  return accept
    ? api.post<InvitationsAnswer>(path, undefined, { silent: true })
    : api.delete<InvitationsAnswer>(path, undefined, { silent: true });
};

export function useAnswerInvitation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: answerInvitation,
    onSuccess: (answer, { accept }) => {
      qc.setQueryData(invitationsQueryKey, answer);
      // An accepted invitation adds an organisation, project or job to every list.
      if (accept) void qc.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'user' });
    },
  });
}

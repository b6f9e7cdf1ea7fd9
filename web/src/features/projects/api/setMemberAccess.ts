import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { organisationKeys } from '@/api/organisations/keys';
import type { AccessLevel } from '@/api/projects/access';
import { projectKeys } from '@/api/projects/keys';
import type { ProjectMembersAnswer } from '@/api/projects/types';

/** PUT /api/management/project/{id}/users/{member}: `member` is a user id or an invited address. */
export const setMemberAccess = ({ id, member, access }: { id: string; member: string; access: AccessLevel }) =>
  api.put<ProjectMembersAnswer>(
    `/api/management/project/${encodeURIComponent(id)}/users/${encodeURIComponent(member)}`,
    { access },
  );

export function useSetMemberAccess() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: setMemberAccess,
    onSuccess: (answer, { id }) => {
      qc.setQueryData(projectKeys.members(id), answer);
      void qc.invalidateQueries({ queryKey: organisationKeys.all });
    },
    onError: (_e, { id }) => qc.invalidateQueries({ queryKey: projectKeys.members(id) }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { organisationKeys } from '@/api/organisations/keys';
import { projectKeys } from '@/api/projects/keys';
import type { ProjectMembersAnswer } from '@/api/projects/types';

/** DELETE /api/management/project/{id}/users/{member}: revokes access or an invitation. */
export const revokeMember = ({ id, member }: { id: string; member: string }) =>
  api.delete<ProjectMembersAnswer>(
    `/api/management/project/${encodeURIComponent(id)}/users/${encodeURIComponent(member)}`,
    undefined,
    { silent: true },
  );

export function useRevokeMember() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: revokeMember,
    onSuccess: (answer, { id }) => {
      qc.setQueryData(projectKeys.members(id), answer);
      void qc.invalidateQueries({ queryKey: projectKeys.one(id) });
      void qc.invalidateQueries({ queryKey: organisationKeys.all });
    },
  });
}

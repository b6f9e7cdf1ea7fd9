import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { organisationKeys } from '@/api/organisations/keys';
import type { AccessLevel } from '@/api/projects/access';
import { projectKeys } from '@/api/projects/keys';
import type { ProjectMembersAnswer } from '@/api/projects/types';

/**
 * POST /api/management/project/{id}/users: all addresses or none; an address without an account
 * gets an invitation; one that already has access answers 409, naming it.
 */
export const shareProject = ({ id, emails, access }: { id: string; emails: string; access: AccessLevel }) =>
  api.post<ProjectMembersAnswer>(
    `/api/management/project/${encodeURIComponent(id)}/users`,
    { emails, access },
    {
      silent: true,
    },
  );

export function useShareProject() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: shareProject,
    onSuccess: (answer, { id }) => {
      qc.setQueryData(projectKeys.members(id), answer);
      void qc.invalidateQueries({ queryKey: projectKeys.one(id) });
      void qc.invalidateQueries({ queryKey: organisationKeys.all });
    },
  });
}

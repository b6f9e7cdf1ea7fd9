import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { projectKeys } from '@/api/projects/keys';
import type { ProjectMembersAnswer } from '@/api/projects/types';

/** PUT /api/management/project/{id}/users/{member}/limit: a saved filter's conditions and name, or
 * null for the whole project. The member then sees and changes only what the filter finds. */
export const setMemberLimit = ({
  id,
  member,
  filter,
  name,
}: {
  id: string;
  member: string;
  filter: unknown | null;
  name: string;
}) =>
  api.put<ProjectMembersAnswer>(
    `/api/management/project/${encodeURIComponent(id)}/users/${encodeURIComponent(member)}/limit`,
    { filter, name },
  );

export function useSetMemberLimit() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: setMemberLimit,
    onSuccess: (answer, { id }) => qc.setQueryData(projectKeys.members(id), answer),
    onError: (_e, { id }) => qc.invalidateQueries({ queryKey: projectKeys.members(id) }),
  });
}

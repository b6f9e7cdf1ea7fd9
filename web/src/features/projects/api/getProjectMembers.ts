import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { projectKeys } from '@/api/projects/keys';
import type { ProjectMembersAnswer } from '@/api/projects/types';

/** GET /api/management/project/{id}/users (managers): members and open invitations. */
export const getProjectMembers = (id: string) =>
  api.get<ProjectMembersAnswer>(`/api/management/project/${encodeURIComponent(id)}/users`);

export function useProjectMembers(id: string, enabled = true) {
  return useQuery({
    queryKey: projectKeys.members(id),
    queryFn: () => getProjectMembers(id),
    select: (a) => a.items ?? [],
    enabled,
  });
}

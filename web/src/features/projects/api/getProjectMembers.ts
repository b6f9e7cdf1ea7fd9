import { api } from '@/lib/api';
import { projectKeys } from '@/api/projects/keys';
import type { ProjectMembersAnswer } from '@/api/projects/types';
import { useListQuery } from '@/api/useListQuery';

/** GET /api/management/project/{id}/users (managers): members and open invitations. */
export const getProjectMembers = (id: string) =>
  api.get<ProjectMembersAnswer>(`/api/management/project/${encodeURIComponent(id)}/users`);

export const useProjectMembers = (id: string, enabled = true) =>
  useListQuery(projectKeys.members(id), () => getProjectMembers(id), enabled);

import { api } from '@/lib/api';
import type { ProjectMembersAnswer } from '@/api/projects/types';
import { membersPath, useMembersMutation } from './membersCall';

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
}) => api.put<ProjectMembersAnswer>(`${membersPath(id, member)}/limit`, { filter, name });

export const useSetMemberLimit = () => useMembersMutation(setMemberLimit, { refetchOnError: true });

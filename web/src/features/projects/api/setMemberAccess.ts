import { api } from '@/lib/api';
import { organisationKeys } from '@/api/organisations/keys';
import type { AccessLevel } from '@/api/projects/access';
import type { ProjectMembersAnswer } from '@/api/projects/types';
import { membersPath, useMembersMutation } from './membersCall';

/** PUT /api/management/project/{id}/users/{member}: `member` is a user id or an invited address. */
export const setMemberAccess = ({ id, member, access }: { id: string; member: string; access: AccessLevel }) =>
  api.put<ProjectMembersAnswer>(membersPath(id, member), { access });

export const useSetMemberAccess = () =>
  useMembersMutation(setMemberAccess, { also: () => [organisationKeys.all], refetchOnError: true });

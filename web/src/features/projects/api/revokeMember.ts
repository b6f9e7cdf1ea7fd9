import { api } from '@/lib/api';
import { organisationKeys } from '@/api/organisations/keys';
import { projectKeys } from '@/api/projects/keys';
import type { ProjectMembersAnswer } from '@/api/projects/types';
import { membersPath, useMembersMutation } from './membersCall';

/** DELETE /api/management/project/{id}/users/{member}: revokes access or an invitation. */
export const revokeMember = ({ id, member }: { id: string; member: string }) =>
  api.delete<ProjectMembersAnswer>(membersPath(id, member), undefined, { silent: true });

export const useRevokeMember = () =>
  useMembersMutation(revokeMember, { also: (id) => [projectKeys.one(id), organisationKeys.all] });

import { api } from '@/lib/api';
import { organisationKeys } from '@/api/organisations/keys';
import type { AccessLevel } from '@/api/projects/access';
import { projectKeys } from '@/api/projects/keys';
import type { ProjectMembersAnswer } from '@/api/projects/types';
import { membersPath, useMembersMutation } from './membersCall';

/**
 * POST /api/management/project/{id}/users: all addresses or none; an address without an account
 * gets an invitation; one that already has access answers 409, naming it.
 */
export const shareProject = ({ id, emails, access }: { id: string; emails: string; access: AccessLevel }) =>
  api.post<ProjectMembersAnswer>(membersPath(id), { emails, access }, { silent: true });

export const useShareProject = () =>
  useMembersMutation(shareProject, { also: (id) => [projectKeys.one(id), organisationKeys.all] });

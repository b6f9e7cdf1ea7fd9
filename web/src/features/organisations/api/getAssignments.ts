import { api } from '@/lib/api';
import { organisationKeys } from '@/api/organisations/keys';
import type { Assignment, ListAnswer } from '@/api/organisations/types';
import { organisationUrl } from '@/api/organisations/url';
import { useListQuery } from '@/api/useListQuery';

/** GET /api/management/organisation/{id}/assignments: every user's access to every project (administrators). */
export const getAssignments = (id: string) => api.get<ListAnswer<Assignment>>(organisationUrl(id, '/assignments'));

export const useAssignments = (id: string, enabled = true) =>
  useListQuery(organisationKeys.assignments(id), () => getAssignments(id), enabled);

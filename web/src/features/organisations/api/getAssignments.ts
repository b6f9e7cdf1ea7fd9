import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { organisationKeys } from '@/api/organisations/keys';
import type { Assignment, ListAnswer } from '@/api/organisations/types';

/** GET /api/management/organisation/{id}/assignments: every user's access to every project (administrators). */
export const getAssignments = (id: string) =>
  api.get<ListAnswer<Assignment>>(`/api/management/organisation/${encodeURIComponent(id)}/assignments`);

export function useAssignments(id: string, enabled = true) {
  return useQuery({
    queryKey: organisationKeys.assignments(id),
    queryFn: () => getAssignments(id),
    select: (a) => a.items ?? [],
    enabled,
  });
}

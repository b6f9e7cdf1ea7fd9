import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { organisationKeys } from '@/api/organisations/keys';
import type { ListAnswer, Person } from '@/api/organisations/types';

/** GET /api/management/organisation/{id}/admins (administrators only). */
export const getAdministrators = (id: string) =>
  api.get<ListAnswer<Person>>(`/api/management/organisation/${encodeURIComponent(id)}/admins`);

export function useAdministrators(id: string, enabled = true) {
  return useQuery({
    queryKey: organisationKeys.admins(id),
    queryFn: () => getAdministrators(id),
    select: (a) => a.items ?? [],
    enabled,
  });
}

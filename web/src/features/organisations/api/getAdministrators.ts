import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { organisationKeys } from '@/api/organisations/keys';
import type { AdministratorsAnswer } from '@/api/organisations/types';
import { organisationUrl } from '@/api/organisations/url';

/** GET /api/management/organisation/{id}/admins (administrators only): administrators and open invitations. */
export const getAdministrators = (id: string) => api.get<AdministratorsAnswer>(organisationUrl(id, '/admins'));

export function useAdministrators(id: string, enabled = true) {
  return useQuery({
    queryKey: organisationKeys.admins(id),
    queryFn: () => getAdministrators(id),
    select: (a) => ({ admins: a.items ?? [], invitations: a.invitations ?? [] }),
    enabled,
  });
}

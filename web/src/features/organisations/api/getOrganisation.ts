import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { organisationKeys } from '@/api/organisations/keys';
import type { Organisation } from '@/api/organisations/types';
import { organisationUrl } from '@/api/organisations/url';

/** GET /api/management/organisation/{id}: with its status, demo days left and my roles. */
export const getOrganisation = (id: string) => api.get<Organisation>(organisationUrl(id), { silent: true });

/** `enabled` waits for the scoped log-in (the cookie must not change under a running call). */
export function useOrganisation(id: string, enabled = true) {
  return useQuery({ queryKey: organisationKeys.one(id), queryFn: () => getOrganisation(id), enabled });
}

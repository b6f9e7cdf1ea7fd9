import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { organisationKeys } from './keys';
import type { ListAnswer, Organisation } from './types';

/** GET /api/management/organisation: the organisations I administer or work in. */
export const getOrganisations = () => api.get<ListAnswer<Organisation>>('/api/management/organisation');

export function useOrganisations() {
  return useQuery({ queryKey: organisationKeys.list(), queryFn: getOrganisations, select: (a) => a.items ?? [] });
}

/** GET /api/management/organisation?all=true: every organisation (platform support, authority "super"). */
export const getAllOrganisations = () => api.get<ListAnswer<Organisation>>('/api/management/organisation?all=true');

export function useAllOrganisations(enabled: boolean) {
  return useQuery({
    queryKey: organisationKeys.listAll(),
    queryFn: getAllOrganisations,
    select: (a) => a.items ?? [],
    enabled,
  });
}

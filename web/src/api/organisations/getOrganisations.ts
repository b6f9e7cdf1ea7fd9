import { useListQuery } from '@/api/useListQuery';
import { api } from '@/lib/api';
import { organisationKeys } from './keys';
import type { ListAnswer, Organisation } from './types';

/** GET /api/management/organisation: the organisations I administer or work in. */
export const getOrganisations = () => api.get<ListAnswer<Organisation>>('/api/management/organisation');

export const useOrganisations = () => useListQuery(organisationKeys.list(), getOrganisations);

/** GET /api/management/organisation?all=true: every organisation (platform support, authority "super"). */
export const getAllOrganisations = () => api.get<ListAnswer<Organisation>>('/api/management/organisation?all=true');

export const useAllOrganisations = (enabled: boolean) =>
  useListQuery(organisationKeys.listAll(), getAllOrganisations, enabled);

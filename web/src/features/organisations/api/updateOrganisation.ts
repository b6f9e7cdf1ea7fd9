import { api } from '@/lib/api';
import { useVersionedSave } from '@/hooks/useVersionedSave';
import { organisationKeys } from '@/api/organisations/keys';
import type { Organisation, OrganisationFields } from '@/api/organisations/types';
import { organisationUrl } from '@/api/organisations/url';

export type UpdateOrganisationInput = OrganisationFields & { id: string; version: number };

/** PUT /api/management/organisation/{id}: address and billing; a stale `version` answers 409 with `current`. */
export const updateOrganisation = ({ id, ...body }: UpdateOrganisationInput) =>
  api.put<Organisation>(organisationUrl(id), body);

export const useUpdateOrganisation = () =>
  useVersionedSave(updateOrganisation, organisationKeys.one, organisationKeys.list());

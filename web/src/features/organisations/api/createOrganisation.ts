import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { organisationKeys } from '@/api/organisations/keys';
import type { Organisation, OrganisationFields } from '@/api/organisations/types';

/** POST /api/management/organisation/new: starts the 28-day demo; I become its administrator. */
export const createOrganisation = (fields: Partial<OrganisationFields> & { name: string }) =>
  api.post<Organisation>('/api/management/organisation/new', fields);

export function useCreateOrganisation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createOrganisation,
    onSuccess: (o) => {
      qc.setQueryData(organisationKeys.one(o.id), o);
      void qc.invalidateQueries({ queryKey: organisationKeys.list() });
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api';
import { organisationKeys } from '@/api/organisations/keys';
import type { Organisation, OrganisationFields } from '@/api/organisations/types';

export type UpdateOrganisationInput = OrganisationFields & { id: string; version: number };

/** PUT /api/management/organisation/{id}: address and billing; a stale `version` answers 409 with `current`. */
export const updateOrganisation = ({ id, ...body }: UpdateOrganisationInput) =>
  api.put<Organisation>(`/api/management/organisation/${encodeURIComponent(id)}`, body);

export function useUpdateOrganisation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateOrganisation,
    onSuccess: (o) => {
      qc.setQueryData(organisationKeys.one(o.id), o);
      void qc.invalidateQueries({ queryKey: organisationKeys.list() });
    },
    onError: (e, input) => {
      if (e instanceof ApiError && e.stale) qc.setQueryData(organisationKeys.one(input.id), e.current as Organisation);
    },
  });
}

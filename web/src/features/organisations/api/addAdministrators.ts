import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { organisationKeys } from '@/api/organisations/keys';
import type { AdministratorsAnswer } from '@/api/organisations/types';
import { organisationUrl } from '@/api/organisations/url';

/**
 * POST /api/management/organisation/{id}/admins with comma-separated e-mails: invites them all or
 * none (docs/API.md "Invitations"); an administrator already or an address invited already is
 * refused (409), naming it. Nobody is an administrator before accepting.
 */
export const addAdministrators = ({ id, emails }: { id: string; emails: string }) =>
  api.post<AdministratorsAnswer>(organisationUrl(id, '/admins'), { emails }, { silent: true });

export function useAddAdministrators() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: addAdministrators,
    onSuccess: (answer, { id }) => qc.setQueryData(organisationKeys.admins(id), answer),
  });
}

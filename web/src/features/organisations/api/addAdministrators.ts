import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { organisationKeys } from '@/api/organisations/keys';
import type { ListAnswer, Person } from '@/api/organisations/types';

/**
 * POST /api/management/organisation/{id}/admins with comma-separated e-mails: all or none; an
 * address without an account (400) or of an administrator already (409) is refused, naming it.
 */
export const addAdministrators = ({ id, emails }: { id: string; emails: string }) =>
  api.post<ListAnswer<Person>>(
    `/api/management/organisation/${encodeURIComponent(id)}/admins`,
    { emails },
    { silent: true },
  );

export function useAddAdministrators() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: addAdministrators,
    onSuccess: (answer, { id }) => qc.setQueryData(organisationKeys.admins(id), answer),
  });
}

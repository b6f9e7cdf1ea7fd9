import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { MessageResponse } from '@/api/auth/types';
import { organisationKeys } from '@/api/organisations/keys';
import { organisationUrl } from '@/api/organisations/url';

/** POST /api/management/organisation/{id}/cancel: every administrator gets a confirmation e-mail. */
export const cancelOrganisation = (id: string) =>
  api.post<MessageResponse>(organisationUrl(id, '/cancel'), undefined, { silent: true });

export function useCancelOrganisation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: cancelOrganisation,
    onSuccess: (_m, id) => {
      void qc.invalidateQueries({ queryKey: organisationKeys.one(id) });
      void qc.invalidateQueries({ queryKey: organisationKeys.list() });
      void qc.invalidateQueries({ queryKey: ['projects'] });
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { organisationKeys } from '@/api/organisations/keys';
import type { AdministratorsAnswer } from '@/api/organisations/types';
import { organisationUrl } from '@/api/organisations/url';

/**
 * DELETE /api/management/organisation/{id}/admins/{userId}; the last administrator stays (409).
 * With an e-mail address instead of a user id, the open invitation to it is withdrawn.
 */
export const removeAdministrator = ({ id, userId }: { id: string; userId: string }) =>
  api.delete<void>(organisationUrl(id, `/admins/${encodeURIComponent(userId)}`), undefined, { silent: true });

export function useRemoveAdministrator() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: removeAdministrator,
    onSuccess: (_d, { id, userId }) => {
      // Drop the person or invitation without asking again: one who removed themselves may no longer ask.
      qc.setQueryData<AdministratorsAnswer>(organisationKeys.admins(id), (old) =>
        old
          ? {
              ...old,
              items: old.items.filter((p) => p.id !== userId),
              total: old.items.some((p) => p.id === userId) ? old.total - 1 : old.total,
              invitations: (old.invitations ?? []).filter((i) => i.email !== userId),
            }
          : old,
      );
      void qc.invalidateQueries({ queryKey: organisationKeys.one(id) });
      void qc.invalidateQueries({ queryKey: organisationKeys.list() });
    },
  });
}

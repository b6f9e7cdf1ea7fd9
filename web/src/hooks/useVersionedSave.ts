import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { ApiError } from '@/lib/api';

/**
 * Saving a versioned object (organisation, project; web/README.md "Behaviour worth knowing"): the
 * answer becomes the cached object and its lists are read again; a stale save (409) puts the
 * server's current object in the cache, so the form's Reload shows it.
 */
export function useVersionedSave<I extends { id: string }, O extends { id: string }>(
  save: (input: I) => Promise<O>,
  oneKey: (id: string) => QueryKey,
  listKey: QueryKey,
) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: save,
    onSuccess: (o) => {
      qc.setQueryData(oneKey(o.id), o);
      void qc.invalidateQueries({ queryKey: listKey });
    },
    onError: (e, input) => {
      if (e instanceof ApiError && e.stale) qc.setQueryData(oneKey(input.id), e.current as O);
    },
  });
}

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { currentLanguage } from '@/i18n';
import { api } from '@/lib/api';
import { postForm } from '@/lib/postForm';
import type { AddedEntries, ListAnswer, ListEntry, ListName, NewListEntry } from '../lists';
import { organisationUrl } from '@/api/organisations/url';

/** Query keys of the value list calls. */
export const listKeys = {
  all: ['lists'] as const,
  organisation: (orgId: string) => ['lists', orgId] as const,
  one: (orgId: string, list: ListName, lang: string) => ['lists', orgId, list, lang] as const,
};

const base = (orgId: string, list: ListName) => organisationUrl(orgId, `/lists/${encodeURIComponent(list)}`);

/** GET /api/management/organisation/{id}/lists/{list}: the global entries and the organisation's own. */
export const getListEntries = (orgId: string, list: ListName, lang: string) =>
  api.get<ListAnswer<ListEntry>>(`${base(orgId, list)}?lang=${encodeURIComponent(lang)}`);

export function useListEntries(orgId: string, list: ListName, enabled = true) {
  const lang = currentLanguage();
  return useQuery({
    queryKey: listKeys.one(orgId, list, lang),
    queryFn: () => getListEntries(orgId, list, lang),
    select: (a) => a.items ?? [],
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    enabled,
  });
}

function useInvalidateLists() {
  const qc = useQueryClient();
  return (orgId: string) => qc.invalidateQueries({ queryKey: listKeys.organisation(orgId) });
}

/** POST …/lists/{list}: adds own entries; values that exist already come back in `existing`. */
export function useAddEntries() {
  const invalidate = useInvalidateLists();
  return useMutation({
    mutationFn: ({ orgId, list, values }: { orgId: string; list: ListName; values: NewListEntry[] }) =>
      api.post<AddedEntries>(base(orgId, list), { values }, { silent: true }),
    onSuccess: (_d, { orgId }) => invalidate(orgId),
  });
}

/** PUT …/lists/{list}/{entryId}: changes an own entry. */
export function useUpdateEntry() {
  const invalidate = useInvalidateLists();
  return useMutation({
    mutationFn: ({ orgId, list, id, entry }: { orgId: string; list: ListName; id: string; entry: NewListEntry }) =>
      api.put<ListEntry>(`${base(orgId, list)}/${encodeURIComponent(id)}`, entry, { silent: true }),
    onSuccess: (_d, { orgId }) => invalidate(orgId),
  });
}

/** DELETE …/lists/{list}/{entryId}: removes an own entry nothing uses (409 otherwise). */
export function useDeleteEntry() {
  const invalidate = useInvalidateLists();
  return useMutation({
    mutationFn: ({ orgId, list, id }: { orgId: string; list: ListName; id: string }) =>
      api.delete<void>(`${base(orgId, list)}/${encodeURIComponent(id)}`, undefined, { silent: true }),
    onSuccess: (_d, { orgId }) => invalidate(orgId),
  });
}

/** POST …/lists/{list}/import with an .xlsx file as the form part "file" (415 for anything else). */
export function importEntries(orgId: string, list: ListName, file: File): Promise<AddedEntries> {
  const form = new FormData();
  form.append('file', file, file.name);
  return postForm<AddedEntries>(`${base(orgId, list)}/import`, form);
}

export function useImportEntries() {
  const invalidate = useInvalidateLists();
  return useMutation({
    mutationFn: ({ orgId, list, file }: { orgId: string; list: ListName; file: File }) =>
      importEntries(orgId, list, file),
    onSuccess: (_d, { orgId }) => invalidate(orgId),
  });
}

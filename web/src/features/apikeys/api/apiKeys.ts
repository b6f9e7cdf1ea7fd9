import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { ListAnswer } from '@/api/organisations/types';
import { organisationUrl } from '@/api/organisations/url';

/** An organisation's API key as its administrators see it: never the key itself. */
export interface ApiKey {
  id: string;
  name: string;
  prefix: string;
  projects: string[];
  created_by: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export const apiKeyKeys = {
  list: (organisation: string) => ['apikeys', organisation] as const,
};

const base = (organisation: string) => organisationUrl(organisation, '/api-keys');

/** GET …/api-keys (administrators only). */
export function useApiKeys(organisation: string) {
  return useQuery({
    queryKey: apiKeyKeys.list(organisation),
    queryFn: () => api.get<ListAnswer<ApiKey>>(base(organisation)),
    select: (a) => a.items ?? [],
  });
}

/** POST …/api-keys {name, projects}: the answer's secret is the only time the key is shown. */
export function useCreateApiKey(organisation: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; projects: string[] }) =>
      api.post<{ key: ApiKey; secret: string }>(base(organisation), body, { silent: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: apiKeyKeys.list(organisation) }),
  });
}

/** DELETE …/api-keys/{keyId}: the key stops working at once. */
export function useRevokeApiKey(organisation: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.delete<void>(`${base(organisation)}/${encodeURIComponent(id)}`, undefined, { silent: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: apiKeyKeys.list(organisation) }),
  });
}

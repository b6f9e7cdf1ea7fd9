import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { MessageResponse } from '@/api/auth/types';

export const confirm = (email: string, token: string) =>
  api.post<MessageResponse>('/api/auth/confirm', { email, token }, { silent: true });

/** Confirms once per link (a query, so a re-render or StrictMode does not post twice). */
export function useConfirm(email: string, token: string) {
  return useQuery({
    queryKey: ['confirm', email, token],
    queryFn: () => confirm(email, token),
    enabled: !!email && !!token,
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

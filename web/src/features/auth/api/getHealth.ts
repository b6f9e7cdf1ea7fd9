import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export interface Health {
  status: string;
  notice: string;
}

export const getHealth = () => api.get<Health>('/api/health', { silent: true });

/** The system-disruption notice shown on the login and register pages. */
export function useHealth() {
  return useQuery({ queryKey: ['health'], queryFn: getHealth, staleTime: 60_000, retry: false });
}

import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { User } from '@/api/auth/types';
import { userQueryKey } from '@/api/auth/cacheUser';

export const getUser = () => api.get<User>('/api/management/user/user');

export function useUser() {
  return useQuery({ queryKey: userQueryKey, queryFn: getUser });
}

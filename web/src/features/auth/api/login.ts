import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { sessionQueryKey } from '@/api/auth/getSession';
import { cacheUser } from '@/api/auth/cacheUser';
import type { User } from '@/api/auth/types';

export interface LoginInput {
  email: string;
  password: string;
  remember: boolean;
}

export const login = (input: LoginInput) => api.post<User>('/api/auth/login', input);

export function useLogin() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: async (user) => {
      await cacheUser(qc, user, { loggedIn: true });
      void qc.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}

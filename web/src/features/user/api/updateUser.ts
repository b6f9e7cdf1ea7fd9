import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { User } from '@/api/auth/types';
import { sessionQueryKey } from '@/api/auth/getSession';
import { cacheUser, userQueryKey } from '@/api/auth/cacheUser';

export interface UpdateUserInput {
  firstName: string;
  lastName: string;
  language: string;
  email: string;
  version: number;
}

export const updateUser = (input: UpdateUserInput) => api.put<User>('/api/management/user/user', input);

export function useUpdateUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: (user) => cacheUser(qc, user),
    onError: () => {
      // A stale version (409) or another failure: fetch the current state.
      void qc.invalidateQueries({ queryKey: userQueryKey });
      void qc.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}

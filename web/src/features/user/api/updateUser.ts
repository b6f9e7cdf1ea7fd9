import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { Session, User } from '@/api/auth/types';
import { sessionQueryKey } from '@/api/auth/getSession';
import { userQueryKey } from './getUser';

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
    onSuccess: async (user) => {
      // A read of the session sent before this change would answer the old language and put it
      // back over the one just chosen (seen under load: the page turned English again).
      await Promise.all([
        qc.cancelQueries({ queryKey: sessionQueryKey }),
        qc.cancelQueries({ queryKey: userQueryKey }),
      ]);
      qc.setQueryData(userQueryKey, user);
      qc.setQueryData<Session | null>(sessionQueryKey, (old) => (old ? { ...old, user } : old));
    },
    onError: () => {
      // A stale version (409) or another failure: fetch the current state.
      void qc.invalidateQueries({ queryKey: userQueryKey });
      void qc.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}

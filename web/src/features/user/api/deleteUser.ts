import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { performLogout } from '@/api/auth/logout';

export const deleteUser = (password: string) => api.delete<void>('/api/management/user/user', { password });

export function useDeleteUser() {
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => performLogout(false),
  });
}

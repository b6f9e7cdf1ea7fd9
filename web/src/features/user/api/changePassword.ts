import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { MessageResponse } from '@/api/auth/types';

export interface ChangePasswordInput {
  oldPassword: string;
  newPassword: string;
  passwordConfirm: string;
}

export const changePassword = (input: ChangePasswordInput) =>
  api.put<MessageResponse>('/api/management/user/password', input);

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}

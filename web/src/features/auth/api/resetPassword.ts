import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { MessageResponse } from '@/api/auth/types';

export interface ResetPasswordInput {
  email: string;
  token: string;
  password: string;
  passwordConfirm: string;
}

export const resetPassword = (input: ResetPasswordInput) => api.put<MessageResponse>('/api/auth/reset-password', input);

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}

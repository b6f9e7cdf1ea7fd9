import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { MessageResponse } from '@/api/auth/types';

export interface RegisterInput {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  passwordConfirm: string;
  language: string;
  agb: boolean;
}

export const register = (input: RegisterInput) => api.post<MessageResponse>('/api/auth/register', input);

export function useRegister() {
  return useMutation({ mutationFn: register });
}

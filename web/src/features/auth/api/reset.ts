import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { MessageResponse } from '@/api/auth/types';

export const requestReset = (email: string) => api.put<MessageResponse>('/api/auth/reset', { email });

export function useRequestReset() {
  return useMutation({ mutationFn: requestReset });
}

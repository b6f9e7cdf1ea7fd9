import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryClient } from '@/lib/queryClient';
import { markLoggedOut, sessionQueryKey } from './sessionKey';

export { consumeLoggedOut } from './sessionKey';

export const logoutRequest = () => api.post<void>('/api/auth/logout', undefined, { silent: true });

let navigateTo: (path: string) => void = (path) => window.location.assign(path);

export function setLogoutNavigator(fn: (path: string) => void) {
  navigateTo = fn;
}

let inProgress = false;

/**
 * Logout (docs/PRODUCT.md §4): revoke the session on the server, clear every cached datum and the session,
 * and go to the login page with the logout flag.
 */
export async function performLogout(callServer = true) {
  if (inProgress) return;
  inProgress = true;
  try {
    if (callServer) await logoutRequest().catch(() => undefined);
    markLoggedOut();
    await queryClient.cancelQueries();
    queryClient.setQueryData(sessionQueryKey, null);
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== sessionQueryKey[0] });
    navigateTo('/login?logout=1');
  } finally {
    inProgress = false;
  }
}

export function useLogout() {
  return useMutation({ mutationFn: () => performLogout() });
}

import type { QueryClient } from '@tanstack/react-query';
import { sessionQueryKey } from './sessionKey';
import type { Session, User } from './types';

/** The signed-in user's profile (GET /api/management/user/user). */
export const userQueryKey = ['user'] as const;

/**
 * The user the server answered goes into both queries that hold one: the profile and the session.
 * A log-in starts a session in no organisation, project or job; any other change keeps the
 * session's scope.
 */
export async function cacheUser(qc: QueryClient, user: User, { loggedIn = false } = {}) {
  // A read of either sent before the change would answer the old user and put it back over the
  // new one (seen under load: a language just chosen turned back to English).
  await Promise.all([qc.cancelQueries({ queryKey: sessionQueryKey }), qc.cancelQueries({ queryKey: userQueryKey })]);
  qc.setQueryData(userQueryKey, user);
  qc.setQueryData<Session | null>(sessionQueryKey, (old) =>
    loggedIn ? { user, session: null } : old ? { ...old, user } : old,
  );
}

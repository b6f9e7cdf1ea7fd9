import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { cacheUser, userQueryKey } from './cacheUser';
import { sessionQueryKey } from './sessionKey';
import type { Session, SessionClaims, User } from './types';

const user = { id: 'u1', firstName: 'Ada' } as User;
const claims = { sub: 'u1', type: 'project', id_p: 'p1' } as SessionClaims;

describe('cacheUser', () => {
  it('after a log-in, starts an unscoped session and fills the profile', () => {
    const qc = new QueryClient();
    qc.setQueryData(sessionQueryKey, null);
    cacheUser(qc, user, { loggedIn: true });
    expect(qc.getQueryData(sessionQueryKey)).toEqual({ user, session: null });
    expect(qc.getQueryData(userQueryKey)).toBe(user);
  });

  it('otherwise keeps the session and its scope, and a guest stays a guest', () => {
    const qc = new QueryClient();
    qc.setQueryData<Session>(sessionQueryKey, { user: { id: 'u1', firstName: 'Old' } as User, session: claims });
    cacheUser(qc, user);
    expect(qc.getQueryData(sessionQueryKey)).toEqual({ user, session: claims });
    expect(qc.getQueryData(userQueryKey)).toBe(user);

    const guest = new QueryClient();
    guest.setQueryData(sessionQueryKey, null);
    cacheUser(guest, user);
    expect(guest.getQueryData(sessionQueryKey)).toBeNull();
  });
});

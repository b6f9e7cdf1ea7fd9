import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { cacheUser, userQueryKey } from './cacheUser';
import { sessionQueryKey } from './sessionKey';
import type { Session, SessionClaims, User } from './types';

const user = { id: 'u1', firstName: 'Ada' } as User;
const claims = { sub: 'u1', type: 'project', id_p: 'p1' } as SessionClaims;

describe('cacheUser', () => {
  it('after a log-in, starts an unscoped session and fills the profile', async () => {
    const qc = new QueryClient();
    qc.setQueryData(sessionQueryKey, null);
    await cacheUser(qc, user, { loggedIn: true });
    expect(qc.getQueryData(sessionQueryKey)).toEqual({ user, session: null });
    expect(qc.getQueryData(userQueryKey)).toBe(user);
  });

  it('otherwise keeps the session and its scope, and a guest stays a guest', async () => {
    const qc = new QueryClient();
    qc.setQueryData<Session>(sessionQueryKey, { user: { id: 'u1', firstName: 'Old' } as User, session: claims });
    await cacheUser(qc, user);
    expect(qc.getQueryData(sessionQueryKey)).toEqual({ user, session: claims });
    expect(qc.getQueryData(userQueryKey)).toBe(user);

    const guest = new QueryClient();
    guest.setQueryData(sessionQueryKey, null);
    await cacheUser(guest, user);
    expect(guest.getQueryData(sessionQueryKey)).toBeNull();
  });

  it('cancels a read of the session sent before, which would put the old user back', async () => {
    const qc = new QueryClient();
    qc.setQueryData<Session>(sessionQueryKey, { user: { id: 'u1', firstName: 'Old' } as User, session: claims });
    const stale = qc
      .fetchQuery({
        queryKey: sessionQueryKey,
        queryFn: () =>
          new Promise<Session>((r) =>
            setTimeout(() => r({ user: { id: 'u1', firstName: 'Old' } as User, session: claims }), 20),
          ),
      })
      .catch(() => undefined);
    await cacheUser(qc, user);
    await stale;
    await new Promise((r) => setTimeout(r, 40));
    expect((qc.getQueryData(sessionQueryKey) as Session).user).toEqual(user);
  });
});

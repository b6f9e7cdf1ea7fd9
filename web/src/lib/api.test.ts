import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../i18n/en.json';
import { ApiError, SessionGate, api, configureApi, toApiError } from './api';

const t = (key: string) => {
  const [group, name] = key.split('.');
  return (en as unknown as Record<string, Record<string, string>>)[group]?.[name] ?? key;
};

describe('toApiError', () => {
  it('shows the server message for 4xx and keeps code and fields', () => {
    const e = toApiError(
      400,
      { message: 'Please check the highlighted fields.', code: 'invalid', fields: { password: 'x' } },
      t,
    );
    expect(e.message).toBe('Please check the highlighted fields.');
    expect(e.code).toBe('invalid');
    expect(e.fields).toEqual({ password: 'x' });
    expect(e.kind).toBe('client');
  });
  it('tells a stale write kept in a job from one that was not', () => {
    const kept = toApiError(409, { message: 'kept', code: 'conflict', current: { id: 't' }, kept: true }, t);
    expect(kept.stale && kept.kept).toBe(true);
    const plain = toApiError(409, { message: 'stale', code: 'conflict', current: { id: 't' } }, t);
    expect(plain.stale).toBe(true);
    expect(plain.kept).toBe(false);
  });
  it('recognises an untrusted token', () => {
    const e = toApiError(401, { message: 'token cannot be trusted', code: 'untrusted_token' }, t);
    expect(e.untrusted).toBe(true);
    expect(toApiError(401, { message: 'Please log in.', code: 'unauthenticated' }, t).untrusted).toBe(false);
  });
  it('uses a generic text for 5xx and a 4xx without a message', () => {
    expect(toApiError(500, { message: 'secret stack', code: 'internal' }, t).message).toBe('Something went wrong.');
    expect(toApiError(502, null, t).message).toBe('Something went wrong.');
    expect(toApiError(418, {}, t).message).toBe('Something went wrong.');
  });
  it('says the service is unavailable for 503', () => {
    const e = toApiError(503, { message: 'x', code: 'unavailable' }, t);
    expect(e.message).toBe('The service is currently unavailable. Please try again later.');
    expect(e.kind).toBe('unavailable');
  });
  it('reports a network failure', () => {
    expect(toApiError(0, null, t).message).toBe(
      'Could not connect to the server. Please check your internet connection.',
    );
  });
});

describe('request', () => {
  const onError = vi.fn();
  const onUntrusted = vi.fn();
  let fetchMock: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    onError.mockReset();
    onUntrusted.mockReset();
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('document', { cookie: 'other=1; arbor_csrf=abc%20123' });
    configureApi({ language: () => 'de', translate: t, onError, onUntrusted });
  });
  afterEach(() => vi.unstubAllGlobals());

  const respond = (status: number, body?: unknown) =>
    fetchMock.mockResolvedValueOnce(new Response(body === undefined ? null : JSON.stringify(body), { status }));

  it('sends Accept-Language, CSRF on state-changing calls, same-origin credentials', async () => {
    respond(200, { ok: true });
    await api.put('/api/x', { a: 1 });
    const [, init] = fetchMock.mock.calls[0];
    expect(init.headers['Accept-Language']).toBe('de');
    expect(init.headers['X-CSRF-Token']).toBe('abc 123');
    expect(init.credentials).toBe('same-origin');
    expect(init.body).toBe('{"a":1}');

    respond(200, {});
    await api.get('/api/y');
    expect(fetchMock.mock.calls[1][1].headers['X-CSRF-Token']).toBeUndefined();
  });

  it('returns undefined for 204', async () => {
    respond(204);
    await expect(api.post('/api/auth/logout')).resolves.toBeUndefined();
  });

  it('logs out on an untrusted token instead of showing a message', async () => {
    respond(401, { message: 'token cannot be trusted', code: 'untrusted_token' });
    await expect(api.get('/api/management/user/user')).rejects.toBeInstanceOf(ApiError);
    expect(onUntrusted).toHaveBeenCalledOnce();
    expect(onError).not.toHaveBeenCalled();
  });

  it('reports other errors, unless silent', async () => {
    respond(400, { message: 'Login failed. Please check your email address and password.', code: 'login_failed' });
    await expect(api.post('/api/auth/login', {})).rejects.toThrow('Login failed.');
    expect(onError).toHaveBeenCalledOnce();

    respond(401, { message: 'token cannot be trusted', code: 'untrusted_token' });
    await expect(api.get('/api/auth/session', { silent: true })).rejects.toBeInstanceOf(ApiError);
    expect(onUntrusted).not.toHaveBeenCalled();
    expect(onError).toHaveBeenCalledOnce();
  });

  it('maps a failed fetch to the connection message', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(api.get('/api/health')).rejects.toThrow('Could not connect to the server.');
    expect(onError).toHaveBeenCalledOnce();
  });
});

describe('SessionGate', () => {
  const tick = () => new Promise((r) => setTimeout(r, 0));

  it('lets ordinary calls run together', async () => {
    const gate = new SessionGate();
    const a = await gate.acquire(false);
    const b = await gate.acquire(false);
    expect(gate.busy.shared).toBe(2);
    a();
    b();
    expect(gate.busy.shared).toBe(0);
  });

  it('runs a cookie-swapping call alone: after the calls in flight, before the later ones', async () => {
    const gate = new SessionGate();
    const order: string[] = [];
    const first = await gate.acquire(false);
    const swap = gate.acquire(true).then((release) => {
      order.push('swap');
      return release;
    });
    const later = gate.acquire(false).then((release) => {
      order.push('later');
      return release;
    });
    await tick();
    expect(order).toEqual([]); // the swap waits for the call in flight, the later call for the swap
    first();
    const releaseSwap = await swap;
    await tick();
    expect(order).toEqual(['swap']);
    expect(gate.busy.exclusive).toBe(true);
    releaseSwap();
    (await later)();
    expect(order).toEqual(['swap', 'later']);
    expect(gate.busy).toEqual({ shared: 0, exclusive: false, waiting: 0 });
  });

  it('releases only once', async () => {
    const gate = new SessionGate();
    const a = await gate.acquire(false);
    await gate.acquire(false);
    a();
    a();
    expect(gate.busy.shared).toBe(1);
  });
});

import { getCookie } from './cookies';

/** Body of every error answer of the server (docs/API.md). */
export interface ErrorBody {
  message?: string;
  code?: string;
  fields?: Record<string, string>;
  /** The up-to-date object of a stale-version conflict (409). */
  current?: unknown;
  /** A job session's stale write was kept in the job's conflicts for the manager. */
  kept?: boolean;
}

export type ErrorKind = 'client' | 'server' | 'unavailable' | 'network';

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string>;
  readonly kind: ErrorKind;
  readonly current: unknown;
  /** A stale write made in a job session that the server kept for the manager (nothing lost). */
  readonly kept: boolean;
  constructor(
    message: string,
    status: number,
    code: string,
    kind: ErrorKind,
    fields: Record<string, string> = {},
    current?: unknown,
    kept = false,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.kind = kind;
    this.fields = fields;
    this.current = current;
    this.kept = kept;
  }
  /** A 409 because someone else saved first; `current` holds the up-to-date object. */
  get stale(): boolean {
    return this.status === 409 && this.current !== undefined && this.current !== null;
  }
  /** A bad, expired or revoked session: the client logs out. */
  get untrusted(): boolean {
    return this.status === 401 && this.code === 'untrusted_token';
  }
}

type Translate = (key: string) => string;

/**
 * Maps an answer to the error a person sees (docs/PRODUCT.md §7/§8): 4xx shows the server's message,
 * 503 says the service is unavailable, any other status a generic text; status 0 is a network failure.
 */
export function toApiError(status: number, body: ErrorBody | null | undefined, t: Translate): ApiError {
  if (status === 0) return new ApiError(t('errors.network'), 0, 'network', 'network');
  const code = body?.code ?? (status === 503 ? 'unavailable' : status >= 500 ? 'internal' : 'error');
  if (status === 503) return new ApiError(t('errors.unavailable'), status, code, 'unavailable');
  if (status >= 400 && status < 500) {
    const message = body?.message?.trim() || t('errors.generic');
    return new ApiError(
      message,
      status,
      code,
      'client',
      body?.fields ?? {},
      body?.current ?? undefined,
      body?.kept === true,
    );
  }
  // A map service the server fetched for us failed (the basemap proxy): its message says why.
  if (status === 502 && code.startsWith('map_service') && body?.message?.trim()) {
    return new ApiError(body.message.trim(), status, code, 'server');
  }
  return new ApiError(t('errors.generic'), status, code, 'server');
}

export interface ApiConfig {
  /** The current UI language, sent as Accept-Language. */
  language: () => string;
  translate: Translate;
  /** Called on a 401 `untrusted_token`. */
  onUntrusted: () => void;
  /** Called for every other error unless the call is silent. */
  onError: (error: ApiError) => void;
}

const config: ApiConfig = {
  language: () => 'en',
  translate: (k) => k,
  onUntrusted: () => {},
  onError: () => {},
};

export function configureApi(c: Partial<ApiConfig>) {
  Object.assign(config, c);
}

export interface RequestOptions {
  body?: unknown;
  /** Do not report errors to the notification bar and do not log out on untrusted tokens. */
  silent?: boolean;
  signal?: AbortSignal;
  /**
   * The call replaces the session cookie (a scoped log-in revokes the old token): it waits until
   * every call in flight has finished, and every later call waits for it.
   */
  exclusive?: boolean;
  /** The call outlives the page (sent while it closes or reloads). */
  keepalive?: boolean;
  /** The answer is a file (a Blob), not JSON; errors still come as JSON. */
  blob?: boolean;
}

/**
 * A readers-writer gate over the session cookie. Ordinary calls share it; a call that swaps the
 * cookie holds it alone, so no call is ever sent with a token the server has just revoked.
 */
export class SessionGate {
  private shared = 0;
  private exclusiveHeld = false;
  private waiting: { exclusive: boolean; resolve: () => void }[] = [];

  private grant() {
    while (this.waiting.length && !this.exclusiveHeld) {
      const next = this.waiting[0];
      if (next.exclusive) {
        if (this.shared > 0) return;
        this.exclusiveHeld = true;
      } else {
        this.shared++;
      }
      this.waiting.shift();
      next.resolve();
    }
  }

  /** Waits for the gate; the returned function releases it. */
  async acquire(exclusive: boolean): Promise<() => void> {
    await new Promise<void>((resolve) => {
      this.waiting.push({ exclusive, resolve });
      this.grant();
    });
    let released = false;
    return () => {
      if (released) return;
      released = true;
      if (exclusive) this.exclusiveHeld = false;
      else this.shared--;
      this.grant();
    };
  }

  /** For tests: calls holding the gate now. */
  get busy(): { shared: number; exclusive: boolean; waiting: number } {
    return { shared: this.shared, exclusive: this.exclusiveHeld, waiting: this.waiting.length };
  }
}

export const sessionGate = new SessionGate();

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export async function request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
  const release = await sessionGate.acquire(!!opts.exclusive);
  try {
    return await send<T>(method, path, opts);
  } finally {
    release();
  }
}

async function send<T>(method: string, path: string, opts: RequestOptions): Promise<T> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': config.language(),
  };
  if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
  if (STATE_CHANGING.has(method)) {
    const csrf = getCookie('arbor_csrf');
    if (csrf) headers['X-CSRF-Token'] = csrf;
  }
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
      signal: opts.signal,
      keepalive: opts.keepalive,
    });
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    const err = toApiError(0, null, config.translate);
    if (!opts.silent) config.onError(err);
    throw err;
  }
  if (res.ok && opts.blob) return (await res.blob()) as T;
  const text = res.status === 204 ? '' : await res.text();
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = undefined;
    }
  }
  if (!res.ok) {
    const err = toApiError(res.status, (data as ErrorBody) ?? null, config.translate);
    if (!opts.silent) {
      if (err.untrusted) config.onUntrusted();
      else config.onError(err);
    }
    throw err;
  }
  return data as T;
}

export const api = {
  get: <T>(path: string, opts?: RequestOptions) => request<T>('GET', path, opts),
  post: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('POST', path, { ...opts, body }),
  put: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('PUT', path, { ...opts, body }),
  patch: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('PATCH', path, { ...opts, body }),
  delete: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('DELETE', path, { ...opts, body }),
};

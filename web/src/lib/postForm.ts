import i18n, { currentLanguage } from '@/i18n';
import { getCookie } from './cookies';
import { sessionGate, toApiError, type ErrorBody } from './api';

/**
 * POSTs a multipart form (a file upload) the way the JSON calls of lib/api go: in the session's
 * turn, with the language and the CSRF header; the browser streams the file and sets the form's
 * boundary. Errors are ApiErrors with the server's message.
 */
export async function postForm<T>(path: string, form: FormData): Promise<T> {
  const release = await sessionGate.acquire(false);
  try {
    const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': currentLanguage() };
    const csrf = getCookie('arbor_csrf');
    if (csrf) headers['X-CSRF-Token'] = csrf;
    let res: Response;
    try {
      res = await fetch(path, { method: 'POST', headers, body: form, credentials: 'same-origin' });
    } catch {
      throw toApiError(0, null, (k) => i18n.t(k));
    }
    const data = (await res.json().catch(() => null)) as unknown;
    if (!res.ok) throw toApiError(res.status, data as ErrorBody | null, (k) => i18n.t(k));
    return data as T;
  } finally {
    release();
  }
}

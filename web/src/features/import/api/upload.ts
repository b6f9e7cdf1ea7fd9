import i18n, { currentLanguage } from '@/i18n';
import { sessionGate, toApiError, type ErrorBody } from '@/lib/api';
import { getCookie } from '@/lib/cookies';
import type { ImportOptions } from './types';

/**
 * POSTs a register file with the wizard's options as a multipart form (the file streams to the
 * server, which reads it from a temporary file). Errors are ApiErrors with the server's message.
 */
export async function postImport<T>(path: string, file: File, options: ImportOptions): Promise<T> {
  const release = await sessionGate.acquire(false);
  try {
    const form = new FormData();
    form.append('options', JSON.stringify(options));
    form.append('file', file, file.name);
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

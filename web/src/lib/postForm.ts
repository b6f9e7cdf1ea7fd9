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

/**
 * postForm for big files: the same request through XMLHttpRequest, which tells how far the
 * upload has got (onProgress with a fraction from 0 to 1), as fetch cannot.
 */
export async function postFormWithProgress<T>(
  path: string,
  form: FormData,
  onProgress: (fraction: number) => void,
): Promise<T> {
  const release = await sessionGate.acquire(false);
  try {
    return await new Promise<T>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open('POST', path);
      xhr.withCredentials = true;
      xhr.setRequestHeader('Accept', 'application/json');
      xhr.setRequestHeader('Accept-Language', currentLanguage());
      const csrf = getCookie('arbor_csrf');
      if (csrf) xhr.setRequestHeader('X-CSRF-Token', csrf);
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
      };
      xhr.onerror = () => reject(toApiError(0, null, (k) => i18n.t(k)));
      xhr.onload = () => {
        let data: unknown = null;
        try {
          data = xhr.responseText ? (JSON.parse(xhr.responseText) as unknown) : null;
        } catch {
          data = null;
        }
        if (xhr.status >= 200 && xhr.status < 300) resolve(data as T);
        else reject(toApiError(xhr.status, data as ErrorBody | null, (k) => i18n.t(k)));
      };
      xhr.send(form);
    });
  } finally {
    release();
  }
}

import { appConfig } from '../config';
import { currentLocale } from '../i18n/i18n';
import { ApiError, errorCodeFor } from './api-error';
import { buildUrl, CSRF_HEADER, readCsrfCookie, refreshSession } from './client';

export interface UploadOptions {
  /** Called with 0..1 as the file goes up. Asking for it sends with XMLHttpRequest: only XHR reports it. */
  onProgress?: (fraction: number) => void;
}

export interface UploadHandle<T> {
  /** Settles with the server's answer, an ApiError, or UploadCancelled after `cancel()`. */
  done: Promise<T>;
  cancel: () => void;
}

export class UploadCancelled extends Error {
  constructor() {
    super('upload cancelled');
    this.name = 'UploadCancelled';
  }
}

interface Answer {
  status: number;
  body: unknown;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The client's headers (language, CSRF); the browser sets the multipart content type itself. */
function uploadHeaders(): Record<string, string> {
  const headers: Record<string, string> = { accept: 'application/json', 'accept-language': currentLocale() };
  const csrf = readCsrfCookie();
  if (csrf) headers[CSRF_HEADER] = csrf;
  return headers;
}

function sendWithFetch(url: string, form: FormData, signal: AbortSignal): Promise<Answer> {
  const init: RequestInit = {
    method: 'POST',
    body: form,
    headers: uploadHeaders(),
    credentials: 'include',
    signal,
  };
  return (appConfig().fetch ?? fetch)(url, init).then(
    async (response) => ({ status: response.status, body: await response.json().catch(() => null) }),
    () => {
      throw signal.aborted ? new UploadCancelled() : new ApiError('NETWORK', 0);
    },
  );
}

function sendWithXhr(
  url: string,
  form: FormData,
  signal: AbortSignal,
  onProgress: (fraction: number) => void,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    for (const [name, value] of Object.entries(uploadHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onabort = () => reject(new UploadCancelled());
    xhr.onerror = () => reject(new ApiError('NETWORK', 0));
    xhr.onload = () => resolve({ status: xhr.status, body: parse(xhr.responseText) });
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

/**
 * POST one file (multipart field `file`) to the API: the JSON client's headers (CSRF, language),
 * its one refresh-and-retry on 401 and one retry on a refused CSRF token, and its typed errors.
 */
export function uploadFile<T>(path: string, file: File, options: UploadOptions = {}): UploadHandle<T> {
  const controller = new AbortController();
  const { onProgress } = options;

  const attempt = async (retried: boolean): Promise<T> => {
    if (controller.signal.aborted) throw new UploadCancelled();
    const form = new FormData();
    form.append('file', file, file.name);
    const url = buildUrl(path);
    const { status, body } = onProgress
      ? await sendWithXhr(url, form, controller.signal, onProgress)
      : await sendWithFetch(url, form, controller.signal);
    if (status >= 200 && status < 300) return body as T;
    if (status === 401 && !retried && (await refreshSession())) return attempt(true);
    const code = errorCodeFor(status, body);
    // A CSRF refusal comes with a fresh CSRF cookie (the session changed in another tab).
    if (code === 'CSRF_FAILED' && !retried) return attempt(true);
    throw new ApiError(code, status, (body ?? undefined) as ConstructorParameters<typeof ApiError>[2]);
  };

  return { done: attempt(false), cancel: () => controller.abort() };
}

import type { OwnMedia } from 'contracts';
import {
  ApiError,
  buildUrl,
  CSRF_HEADER,
  currentLocale,
  errorCodeFor,
  readCsrfCookie,
  refreshSession,
} from 'platform';

export interface UploadHandle {
  /** Settles with the stored file, or an ApiError (`NETWORK` also when cancelled: see `cancelled`). */
  done: Promise<OwnMedia>;
  cancel: () => void;
}

export class UploadCancelled extends Error {
  constructor() {
    super('upload cancelled');
    this.name = 'UploadCancelled';
  }
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * POST /api/profiles/{id}/media with one file (multipart field `file`). XMLHttpRequest, not
 * fetch: only XHR reports upload progress. Same headers as the platform's client (CSRF, language)
 * and the same one refresh-and-retry on 401.
 */
export function uploadMedia(
  profileId: number,
  file: File,
  onProgress: (fraction: number) => void,
): UploadHandle {
  let current: XMLHttpRequest | null = null;
  let cancelled = false;

  const attempt = (retried: boolean): Promise<OwnMedia> =>
    new Promise((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      current = xhr;
      xhr.open('POST', buildUrl(`/profiles/${profileId}/media`));
      xhr.withCredentials = true;
      xhr.setRequestHeader('accept', 'application/json');
      xhr.setRequestHeader('accept-language', currentLocale());
      const csrf = readCsrfCookie();
      if (csrf) xhr.setRequestHeader(CSRF_HEADER, csrf);
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
      };
      xhr.onabort = () => reject(new UploadCancelled());
      xhr.onerror = () => reject(new ApiError('NETWORK', 0));
      xhr.onload = () => {
        const body = parse(xhr.responseText);
        if (xhr.status >= 200 && xhr.status < 300) {
          resolve(body as OwnMedia);
          return;
        }
        if (xhr.status === 401 && !retried) {
          void refreshSession().then((refreshed) =>
            refreshed && !cancelled
              ? attempt(true).then(resolve, reject)
              : reject(new ApiError('UNAUTHORIZED', 401)),
          );
          return;
        }
        const code = errorCodeFor(xhr.status, body);
        // A CSRF refusal comes with a fresh CSRF cookie (the session changed in another tab).
        if (code === 'CSRF_FAILED' && !retried) {
          attempt(true).then(resolve, reject);
          return;
        }
        reject(
          new ApiError(code, xhr.status, (body ?? undefined) as ConstructorParameters<typeof ApiError>[2]),
        );
      };
      const form = new FormData();
      form.append('file', file, file.name);
      xhr.send(form);
    });

  return {
    done: attempt(false),
    cancel: () => {
      cancelled = true;
      current?.abort();
    },
  };
}

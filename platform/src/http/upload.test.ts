import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeXhr } from '../testing/fake-xhr';
import { ApiError } from './api-error';
import { CSRF_HEADER } from './client';
import { UploadCancelled, uploadFile } from './upload';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let calls: Array<{ url: string; init: RequestInit }> = [];
function serve(...answers: Array<() => Response>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      const answer = answers.shift();
      if (!answer) throw new Error(`no answer left for ${url}`);
      return answer();
    }),
  );
}

const file = () => new File(['png'], 'photo.png', { type: 'image/png' });

beforeEach(() => {
  calls = [];
  FakeXhr.all = [];
  // biome-ignore lint/suspicious/noDocumentCookie: the test plays the server setting the CSRF cookie
  document.cookie = 'csrf_token=token-1; path=/';
});

afterEach(() => {
  vi.unstubAllGlobals();
  // biome-ignore lint/suspicious/noDocumentCookie: clears the cookie set above
  document.cookie = 'csrf_token=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

describe('uploadFile', () => {
  it('posts the file as multipart with the CSRF header and the session cookie', async () => {
    serve(() => json(200, { id: 1 }));
    await expect(uploadFile('/campaigns/7/image', file()).done).resolves.toEqual({ id: 1 });
    const [call] = calls;
    if (!call) throw new Error('the file was not sent');
    expect(call.url).toMatch(/\/campaigns\/7\/image$/);
    expect(call.init.credentials).toBe('include');
    expect(new Headers(call.init.headers).get(CSRF_HEADER)).toBe('token-1');
    expect((call.init.body as FormData).get('file')).toBeInstanceOf(File);
  });

  it('refreshes the session once on 401 and sends the file again', async () => {
    serve(
      () => json(401, { code: 'UNAUTHORIZED' }),
      () => json(200, { ok: true }),
      () => json(200, { id: 2 }),
    );
    await expect(uploadFile('/campaigns/7/image', file()).done).resolves.toEqual({ id: 2 });
    expect(calls.map((call) => new URL(call.url, 'http://x').pathname.replace(/^\/api/, ''))).toEqual([
      '/campaigns/7/image',
      '/auth/refresh',
      '/campaigns/7/image',
    ]);
  });

  it('sends again once when the CSRF token was refused, then gives the typed error', async () => {
    serve(
      () => json(403, { code: 'CSRF_FAILED' }),
      () => json(422, { code: 'IMAGE_PROCESSING_FAILED' }),
    );
    const error = await uploadFile('/campaigns/7/image', file()).done.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('IMAGE_PROCESSING_FAILED');
    expect(calls).toHaveLength(2);
  });

  it('reports progress through XMLHttpRequest when asked, and settles with the answer', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const progress: number[] = [];
    const handle = uploadFile('/profiles/3/media', file(), {
      onProgress: (fraction) => progress.push(fraction),
    });
    const xhr = FakeXhr.all[0];
    expect(xhr?.headers[CSRF_HEADER]).toBe('token-1');
    expect(xhr?.withCredentials).toBe(true);
    xhr?.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
    xhr?.respond(201, { id: 9 });
    await expect(handle.done).resolves.toEqual({ id: 9 });
    expect(progress).toEqual([0.5]);
  });

  it('settles as cancelled when the upload is cancelled', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const handle = uploadFile('/profiles/3/media', file(), { onProgress: () => undefined });
    handle.cancel();
    await expect(handle.done).rejects.toBeInstanceOf(UploadCancelled);
  });
});

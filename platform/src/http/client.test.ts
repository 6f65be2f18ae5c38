import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n/i18n';
import { ApiError } from './api-error';
import { api, CSRF_HEADER } from './client';

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let calls: Array<{ url: string; init: RequestInit }> = [];
function serve(handler: Handler) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return handler(url, init);
    }),
  );
}

beforeEach(async () => {
  calls = [];
  // biome-ignore lint/suspicious/noDocumentCookie: the test plays the server setting the CSRF cookie
  document.cookie = 'csrf_token=token-123; path=/';
  await i18n.changeLanguage('ru');
});

afterEach(() => {
  vi.unstubAllGlobals();
  // biome-ignore lint/suspicious/noDocumentCookie: clears the cookie set above
  document.cookie = 'csrf_token=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

describe('api client', () => {
  it('sends the CSRF cookie as a header on state-changing requests only', async () => {
    serve(() => json(200, { ok: true }));
    await api.get('/model', { page: 2, city: undefined });
    await api.post('/promo/validate', { code: 'ABC' });

    expect(calls[0]?.url).toBe('/api/model?page=2');
    expect(new Headers(calls[0]?.init.headers).has(CSRF_HEADER)).toBe(false);
    expect(new Headers(calls[1]?.init.headers).get(CSRF_HEADER)).toBe('token-123');
    expect(calls[1]?.init.body).toBe('{"code":"ABC"}');
  });

  it('sends the __Host- CSRF cookie a server over https hands out', async () => {
    // What the page reads over https (a test page on http cannot hold a __Host- cookie itself).
    vi.spyOn(document, 'cookie', 'get').mockReturnValue('vid_other=1; __Host-csrf_token=host-token');
    serve(() => json(200, { ok: true }));
    await api.post('/promo/validate', { code: 'ABC' });
    expect(new Headers(calls[0]?.init.headers).get(CSRF_HEADER)).toBe('host-token');
    vi.restoreAllMocks();
  });

  it("tells the API the site's language, also after the visitor switches it", async () => {
    serve(() => json(200, { ok: true }));
    await api.get('/constants');
    await i18n.changeLanguage('en');
    await api.post('/auth/send-restore-link', { email: 'a@b.c' });

    expect(new Headers(calls[0]?.init.headers).get('accept-language')).toBe('ru');
    expect(new Headers(calls[1]?.init.headers).get('accept-language')).toBe('en');
  });

  it('refreshes the session once on 401 and retries the request', async () => {
    let refreshed = false;
    serve((url) => {
      if (url.endsWith('/auth/refresh')) {
        refreshed = true;
        return json(200, {});
      }
      return refreshed ? json(200, { email: 'a@b.c' }) : json(401, { code: 'UNAUTHORIZED', message: 'no' });
    });
    await expect(api.get('/profile')).resolves.toEqual({ email: 'a@b.c' });
    expect(calls.map((call) => call.url)).toEqual(['/api/profile', '/api/auth/refresh', '/api/profile']);
  });

  it('reads every response to the end, also the ones it throws away', async () => {
    // A fetch whose body is never read never finishes in the browser and keeps the page busy.
    const responses: Response[] = [];
    let refreshed = false;
    serve((url) => {
      const response = url.endsWith('/auth/refresh')
        ? json(refreshed ? 401 : 200, {})
        : json(refreshed ? 200 : 401, { code: 'UNAUTHORIZED' });
      if (url.endsWith('/auth/refresh')) refreshed = true;
      responses.push(response);
      return response;
    });
    await api.get('/profile');
    expect(responses).toHaveLength(3);
    expect(responses.map((response) => response.bodyUsed)).toEqual([true, true, true]);
  });

  it('shares one refresh between concurrent 401s and gives up when refresh fails', async () => {
    serve((url) => (url.endsWith('/auth/refresh') ? json(401, {}) : json(401, { code: 'UNAUTHORIZED' })));
    const results = await Promise.allSettled([api.get('/profile'), api.get('/notifications')]);
    expect(results.every((result) => result.status === 'rejected')).toBe(true);
    expect(calls.filter((call) => call.url.endsWith('/auth/refresh'))).toHaveLength(1);
    const error = (results[0] as PromiseRejectedResult).reason;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe('UNAUTHORIZED');
  });

  it('turns error bodies into typed errors with a message in the current language', async () => {
    serve(() => json(404, { code: 'MODEL_NOT_FOUND', message: 'server text' }));
    const ru = await api.get('/model/5').catch((error: unknown) => error);
    expect(ru).toMatchObject({ code: 'MODEL_NOT_FOUND', status: 404, message: 'Анкета не найдена' });

    await i18n.changeLanguage('en');
    const en = await api.get('/model/5').catch((error: unknown) => error);
    expect(en).toMatchObject({ code: 'MODEL_NOT_FOUND', message: 'Model not found' });
  });

  it('keeps per-field problems of a validation failure', async () => {
    serve(() =>
      json(400, { code: 'VALIDATION_FAILED', message: 'x', fields: { page: 'validation.invalidPage' } }),
    );
    const error = await api.get('/model', { page: 0 }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { page: 'validation.invalidPage' } });
  });

  it('retries once when the CSRF token was refused, with the cookie the refusal set', async () => {
    let attempts = 0;
    serve(() => {
      attempts += 1;
      if (attempts === 1) {
        // biome-ignore lint/suspicious/noDocumentCookie: the test plays the server renewing the CSRF cookie
        document.cookie = 'csrf_token=renewed; path=/';
        return json(403, { code: 'CSRF_FAILED' });
      }
      return json(200, { ok: true });
    });
    await expect(api.post('/complaints', {})).resolves.toEqual({ ok: true });
    expect(new Headers(calls[1]?.init.headers).get(CSRF_HEADER)).toBe('renewed');
  });

  it('reports a network failure as NETWORK', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const error = await api.get('/model').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('NETWORK');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgent } from '../testing/agent';
import { createAccount } from '../testing/builders';
import { createTestApp, type TestApp } from '../testing/create-test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

describe('session and CSRF checks', () => {
  it.each(['/%61pi/auth/logout', '/api/auth/%6Cogout', '/%61%70%69/auth/logout'])(
    'cannot be skipped with a percent-encoded path: POST %s without the CSRF header is refused',
    async (url) => {
      const account = await createAccount(t.db);
      const agent = createAgent(t.app);
      await agent.signInAs(account.id);
      const response = await agent.post(url, {}, { withoutCsrf: true });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'CSRF_FAILED' });
      // The session is still there.
      expect((await agent.get('/api/profile')).statusCode).toBe(200);
    },
  );

  it("refuse a CSRF token that matched one browser's calls when another browser sends it", async () => {
    const cookiesOf = (response: { headers: Record<string, unknown> }) =>
      Object.fromEntries(
        [response.headers['set-cookie'] as string | string[]]
          .flat()
          .map((cookie) => cookie.split(';')[0]?.split('=') ?? []),
      ) as Record<string, string>;
    const first = cookiesOf(await t.app.inject('/api/model'));
    const other = cookiesOf(await t.app.inject('/api/model'));
    const logout = (visitor: string, csrf: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { cookie: `vid=${visitor}; csrf_token=${csrf}`, 'x-csrf-token': csrf },
      });
    // Matched (and remembered as matching) for the first browser, twice.
    for (let i = 0; i < 2; i++)
      expect((await logout(first.vid ?? '', first.csrf_token ?? '')).statusCode).toBe(200);
    // Bound to the first visitor: refused for the other, whose answer brings a token of its own.
    const forged = await logout(other.vid ?? '', first.csrf_token ?? '');
    expect(forged.statusCode).toBe(403);
    expect(cookiesOf(forged).csrf_token).not.toBe(first.csrf_token);
    expect((await logout(other.vid ?? '', other.csrf_token ?? '')).statusCode).toBe(200);
  });

  it('hand out no cookie on an answer a shared cache may keep', async () => {
    // The online figure.
    const shared = await t.app.inject('/api/model/online-count');
    expect(shared.headers['cache-control']).toMatch(/public/);
    expect(shared.headers['set-cookie']).toBeUndefined();
    const personal = await t.app.inject('/api/auth/session');
    expect(personal.headers['set-cookie']).toBeDefined();
  });
});

describe('a new browser’s first page', () => {
  it('brings its visitor id and CSRF token, which its API calls keep; a shared page and a known browser get none', async () => {
    const pages = await createTestApp();
    try {
      pages.app.get('/some/page', (_request, reply) =>
        reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send('<!doctype html>'),
      );
      pages.app.get('/shared/page', (_request, reply) =>
        reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'public, max-age=60')
          .send('<!doctype html>'),
      );
      pages.app.get('/some/file.txt', (_request, reply) => reply.type('text/plain').send('a file'));
      const names = pages.app.cookieNames;
      const agent = createAgent(pages.app);

      const page = await agent.get('/some/page');
      const visitor = agent.jar.get(names.visitor);
      const csrf = agent.jar.get(names.csrf);
      expect(page.headers['set-cookie']).toBeDefined();
      expect(visitor).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
      expect(csrf).toBeTruthy();

      // Two calls sent at once after the page: neither mints another pair, and a write passes.
      const [first, second] = await Promise.all([
        agent.get('/api/auth/session'),
        agent.get('/api/auth/session'),
      ]);
      expect(first.headers['set-cookie']).toBeUndefined();
      expect(second.headers['set-cookie']).toBeUndefined();
      expect((await agent.post('/api/auth/logout', {})).statusCode).not.toBe(403);
      expect(agent.jar.get(names.visitor)).toBe(visitor);

      // The next page of a browser that has them sends none.
      expect((await agent.get('/some/page')).headers['set-cookie']).toBeUndefined();
      // Nor does a page a shared cache may keep, nor a file.
      for (const url of ['/shared/page', '/some/file.txt']) {
        const response = await pages.app.inject(url);
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['set-cookie'], url).toBeUndefined();
      }
    } finally {
      await pages.close();
    }
  });
});

describe('cookies over https', () => {
  it('carry the __Host- prefix (and Secure, path /) for the session and CSRF, and the session works through them', async () => {
    const secure = await createTestApp({ secureCookies: true });
    try {
      const account = await createAccount(secure.db);
      const agent = createAgent(secure.app);
      const login = await agent.post('/api/auth/login', { email: account.email, password: account.password });
      expect(login.statusCode).toBe(200);
      const cookies = login.cookies as { name: string; secure?: boolean; path?: string }[];
      const byName = Object.fromEntries(cookies.map((cookie) => [cookie.name, cookie]));
      expect(byName['__Host-access_token']).toMatchObject({ secure: true, path: '/' });
      expect(byName['__Secure-refresh_token']).toMatchObject({ secure: true, path: '/api/auth' });
      expect(agent.jar.has('__Host-csrf_token')).toBe(true);
      expect(cookies.some((cookie) => !cookie.name.startsWith('__'))).toBe(false);

      expect((await agent.get('/api/profile')).statusCode).toBe(200);
      expect((await agent.post('/api/auth/refresh')).statusCode).toBe(200);
      expect((await agent.post('/api/auth/logout')).statusCode).toBe(200);
      expect((await agent.get('/api/profile')).statusCode).toBe(401);
    } finally {
      await secure.close();
    }
  });
});

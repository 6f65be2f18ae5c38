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

  it('hand out no cookie on an answer a shared cache may keep', async () => {
    const shared = await t.app.inject('/api/model/streaming-count');
    expect(shared.headers['cache-control']).toMatch(/public/);
    expect(shared.headers['set-cookie']).toBeUndefined();
    const personal = await t.app.inject('/api/auth/session');
    expect(personal.headers['set-cookie']).toBeDefined();
  });
});

import type { ApiErrorBody } from 'contracts';
import { count } from 'drizzle-orm';
import type { RouteOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { adminActions, notifications } from '../../db/schema';
import { requiresSession } from '../../plugins/auth';
import { type Agent, createAgent } from '../../testing/agent';
import { createAccount, createProfile } from '../../testing/builders';
import { testAppForFile } from '../../testing/create-test-app';

const routes: RouteOptions[] = [];
const t = testAppForFile({ onRoute: (route) => routes.push(route) });

/** The public tracking calls the spec put under /admin-panel/analytics are not administration. */
const isAdminRoute = (route: RouteOptions) =>
  route.url.startsWith('/api/admin-panel/') && !route.url.startsWith('/api/admin-panel/analytics');

/** Every administration route the server registers, with a body that would pass its schema. */
function adminRoutes(id: number) {
  return routes
    .filter(isAdminRoute)
    .flatMap((route) =>
      (Array.isArray(route.method) ? route.method : [route.method]).map((method) => ({ method, route })),
    )
    .filter(({ method }) => method !== 'HEAD')
    .map(({ method, route }) => ({
      method: method as 'GET' | 'POST' | 'PUT' | 'DELETE',
      url: route.url.replace(':id', String(id)),
      body: route.schema?.body ? { reason: 'Нарушение правил' } : undefined,
    }));
}

async function signedIn(overrides: Parameters<typeof createAccount>[1]): Promise<Agent> {
  const account = await createAccount(t.db, overrides);
  const agent = createAgent(t.app);
  await agent.signInAs(account.id);
  return agent;
}

function call(agent: Agent, route: ReturnType<typeof adminRoutes>[number]) {
  if (route.method === 'GET') return agent.get(route.url);
  if (route.method === 'DELETE') return agent.delete(route.url);
  if (route.method === 'PUT') return agent.put(route.url, route.body);
  return agent.post(route.url, route.body);
}

const rows = async () => ({
  audit: (await t.db.select({ n: count() }).from(adminActions))[0]?.n,
  notifications: (await t.db.select({ n: count() }).from(notifications))[0]?.n,
});

describe('every /api/admin-panel route but the public analytics', () => {
  it('is registered, tagged admin and needs a session in the API document', async () => {
    await t.app.ready();
    const admin = routes.filter(isAdminRoute);
    // A route added later is in this list (and in the tests below) without anyone listing it.
    expect(admin.length).toBeGreaterThanOrEqual(14);
    for (const route of admin) {
      expect(route.schema?.tags, route.url).toEqual(['admin']);
      expect(requiresSession(route), route.url).toBe(true);
    }
  });

  it.each([
    ['a guest', 401, 'UNAUTHORIZED', async () => createAgent(t.app)],
    ['a model', 403, 'FORBIDDEN', () => signedIn({ accountType: 'girl' })],
    ['an advertiser', 403, 'FORBIDDEN', () => signedIn({ accountType: 'advister' })],
  ] as const)('answers %s %i %s and changes nothing', async (_who, status, code, agentOf) => {
    const owner = await createAccount(t.db);
    const profile = await createProfile(t.db, {
      accountId: owner.id,
      status: 'pending',
      submittedAt: new Date(),
    });
    const agent = await agentOf();
    const before = await rows();
    const list = adminRoutes(profile.id);
    expect(list.length).toBeGreaterThanOrEqual(14);
    for (const route of list) {
      const response = await call(agent, route);
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(status);
      expect(response.json<ApiErrorBody>().code, `${route.method} ${route.url}`).toBe(code);
    }
    expect(await rows()).toEqual(before);
  });

  it('lets an administrator of either account type through', async () => {
    for (const accountType of ['girl', 'advister'] as const) {
      const agent = await signedIn({ accountType, role: 'admin' });
      const response = await agent.get('/api/admin-panel/audit');
      expect(response.statusCode).toBe(200);
    }
  });
});

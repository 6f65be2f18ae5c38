import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/create-test-app';
import { DOCS_PREFIX, operationIdOf } from './docs';

let t: TestApp;
const routes: Pick<RouteOptions, 'method' | 'url'>[] = [];
beforeAll(async () => {
  // Development pages on, so that every route the server can have is registered.
  t = await createTestApp({ devPages: true, onRoute: (route) => routes.push(route) });
});
afterAll(async () => {
  await t.close();
});

type Operation = {
  operationId?: string;
  parameters?: { name: string; in: string; required?: boolean; schema: Record<string, unknown> }[];
  requestBody?: unknown;
  security?: unknown;
  responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
};
async function openApi(): Promise<{ openapi: string; paths: Record<string, Record<string, Operation>> }> {
  const response = await t.app.inject(`${DOCS_PREFIX}/json`);
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('GET /api/docs/json', () => {
  it('lists routes with their query and path parameters taken from the contracts schemas', async () => {
    const response = await t.app.inject('/api/docs/json');
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toBe('3.1.0');
    const list = doc.paths['/api/model'].get;
    const names = list.parameters.map((p: { name: string }) => p.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'category',
        'city',
        'metro',
        'online',
        'appearance',
        'services',
        'ageMin',
        'page',
      ]),
    );
    const category = list.parameters.find((p: { name: string }) => p.name === 'category');
    expect(category.schema.enum).toEqual(['individual', 'massage', 'elite', 'bdsm']);
    expect(doc.paths['/api/model/{id}'].get.parameters[0]).toMatchObject({
      name: 'id',
      in: 'path',
      required: true,
    });
  });

  it('leaves no route out: every route the server registers is in the document', async () => {
    const doc = await openApi();
    const listed = routes
      .flatMap(({ method, url }) => (Array.isArray(method) ? method : [method]).map((m) => ({ m, url })))
      // HEAD routes are Fastify's automatic twins of GET ones; the docs describe themselves.
      .filter(({ m, url }) => m !== 'HEAD' && !url.startsWith(DOCS_PREFIX));
    expect(listed.length).toBeGreaterThan(30);
    const missing = listed.filter(
      ({ m, url }) => !doc.paths[url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')]?.[m.toLowerCase()],
    );
    expect(missing).toEqual([]);
  });

  it('describes answers with the response schemas, errors included', async () => {
    const doc = await openApi();
    const details = doc.paths['/api/model/{id}']?.get;
    const ok = details?.responses['200']?.content?.['application/json']?.schema as {
      properties: Record<string, unknown>;
    };
    expect(Object.keys(ok.properties)).toEqual(expect.arrayContaining(['id', 'photos', 'contacts', 'video']));
    // Optional fields of the form are documented as possibly null.
    for (const field of ['height', 'weight', 'boobs', 'appearance']) {
      expect(ok.properties[field], field).toMatchObject({
        anyOf: expect.arrayContaining([{ type: 'null' }]),
      });
    }
    expect(ok.properties.age).toEqual({ type: 'number' });
    expect(details?.responses['404']?.description).toMatch(/^MODEL_NOT_FOUND/);
    expect(details?.responses['400']?.description).toMatch(/^VALIDATION_FAILED/);
    // Routes behind requireAuth need the session cookie; public ones do not.
    expect(doc.paths['/api/profile']?.get?.security).toEqual([{ session: [] }]);
    expect(doc.paths['/api/model']?.get?.security).toEqual([]);
  });

  it('says what each operation needs: the session cookie, the CSRF header, both, or nothing', async () => {
    const doc = await openApi();
    expect(doc.paths['/api/model']?.get?.security).toEqual([]);
    expect(doc.paths['/api/auth/login']?.post?.security).toEqual([{ csrf: [] }]);
    expect(doc.paths['/api/notifications']?.get?.security).toEqual([{ session: [] }]);
    expect(doc.paths['/api/payments/orders']?.post?.security).toEqual([{ session: [], csrf: [] }]);
    // Signed by the gateway instead: no cookie, no CSRF header.
    expect(doc.paths['/api/payments/webhooks/sandbox']?.post?.security).toEqual([]);
  });

  it('gives the errors those checks answer with to every operation they guard', async () => {
    const doc = await openApi();
    const orders = doc.paths['/api/payments/orders']?.post?.responses ?? {};
    expect(orders['401']?.description).toMatch(/^UNAUTHORIZED/);
    expect(orders['403']?.description).toMatch(/CSRF_FAILED/);
    expect(orders['429']?.description).toMatch(/^RATE_LIMITED/);
    for (const [url, item] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const needs = (scheme: string) =>
          (operation.security as Record<string, unknown>[] | undefined)?.some((set) => scheme in set);
        if (needs('session')) expect(operation.responses['401'], `${method} ${url}`).toBeDefined();
        if (needs('csrf'))
          expect(operation.responses['403']?.description, `${method} ${url}`).toMatch(/CSRF_FAILED/);
      }
    }
  });

  it('names every operation once, after its method and path', async () => {
    const doc = await openApi();
    const ids = Object.values(doc.paths).flatMap((item) => Object.values(item).map((op) => op.operationId));
    expect(ids.every((id) => typeof id === 'string')).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.paths['/api/model/{id}']?.get?.operationId).toBe('getModelById');
  });
});

describe('operationIdOf', () => {
  it.each([
    ['GET', '/', 'getRoot'],
    ['GET', '/*', 'getByPath'],
    ['GET', '/api/model/:id', 'getModelById'],
    ['PATCH', '/api/notifications/mark-multiple', 'patchNotificationsMarkMultiple'],
    ['GET', '/api/admin-panel/accounts/:id/ledger', 'getAdminPanelAccountsByIdLedger'],
    ['GET', '/sitemap-:page.xml', 'getSitemapByPageXml'],
    ['GET', '/ws/online', 'getWsOnline'],
  ])('%s %s is %s', (method, url, id) => {
    expect(operationIdOf(method, url)).toBe(id);
  });
});

describe('GET /api/docs', () => {
  it('is a readable reference page whose assets this server serves', async () => {
    const page = await t.app.inject(DOCS_PREFIX);
    const html = page.statusCode === 302 ? await t.app.inject(String(page.headers.location)) : page;
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toMatch(/text\/html/);
    const scripts = [...html.body.matchAll(/src="([^"]+\.js)"/g)].map((match) => match[1] ?? '');
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      const url = script.startsWith('/') ? script : `${DOCS_PREFIX}/${script.replace(/^\.\//, '')}`;
      expect((await t.app.inject(url)).statusCode, url).toBe(200);
    }
  });
});

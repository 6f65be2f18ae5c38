import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/create-test-app';
import { DOCS_PREFIX } from './docs';

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
    expect(details?.responses['404']?.description).toMatch(/^MODEL_NOT_FOUND/);
    expect(details?.responses['400']?.description).toMatch(/^VALIDATION_FAILED/);
    // Routes behind requireAuth need the session cookie; public ones do not.
    expect(doc.paths['/api/profile']?.get?.security).toEqual([{ session: [] }]);
    expect(doc.paths['/api/model']?.get?.security).toBeUndefined();
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

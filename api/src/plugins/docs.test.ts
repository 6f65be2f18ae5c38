import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/create-test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/docs', () => {
  it('lists routes with their query and path parameters taken from the contracts schemas', async () => {
    const response = await t.app.inject('/api/docs');
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
});

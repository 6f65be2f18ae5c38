import { describe, expect, it } from 'vitest';
import { seedCatalog } from '../../db/seed';
import { testAppForFile } from '../../testing/create-test-app';
import type { CityListResponse } from 'contracts';

const t = testAppForFile({}, (app) => seedCatalog(app.db));

describe('GET /api/cities', () => {
  it('lists the cities in display order with names in both languages', async () => {
    const response = await t.app.inject('/api/cities');
    expect(response.statusCode).toBe(200);
    const { items } = response.json<CityListResponse>();
    expect(items.length).toBeGreaterThanOrEqual(12);
    expect(items.slice(0, 2).map((city) => city.slug)).toEqual(['moscow', 'saint-petersburg']);
    expect(items[0]?.name).toEqual({ ru: 'Москва', en: 'Moscow' });
  });

  it('gives Moscow and St Petersburg their metro stations with lines, and other cities none', async () => {
    const { items } = (await t.app.inject('/api/cities')).json<CityListResponse>();
    const bySlug = new Map(items.map((city) => [city.slug, city]));

    for (const slug of ['moscow', 'saint-petersburg']) {
      const metro = bySlug.get(slug)?.metro ?? [];
      expect(metro.length).toBeGreaterThanOrEqual(25);
      for (const station of metro) {
        expect(station.name.ru).toMatch(/[А-Яа-яЁё]/);
        expect(station.name.en).toMatch(/^[A-Za-z]/);
        expect(station.line.ru).not.toBe('');
        expect(station.line.en).not.toBe('');
        expect(station.lineColor).toMatch(/^#[0-9A-F]{6}$/);
      }
    }
    const moscowLines = new Set(bySlug.get('moscow')?.metro.map((station) => station.line.en));
    expect(moscowLines).toContain('Koltsevaya (Circle)');
    expect(moscowLines).toContain('Moscow Central Circle');
    expect(bySlug.get('kazan')?.metro).toEqual([]);
  });

  it('is the same after the catalogue is seeded a second time', async () => {
    const before = (await t.app.inject('/api/cities')).json<CityListResponse>();
    await seedCatalog(t.db);
    const after = (await t.app.inject('/api/cities')).json<CityListResponse>();
    expect(after).toEqual(before);
  });
});

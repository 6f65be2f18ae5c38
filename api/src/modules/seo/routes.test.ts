import { type ApiErrorBody, CATEGORIES } from 'contracts';
import { contractsLocales } from 'contracts/locales';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { seedPrices } from '../../db/seed-prices';
import { modelProfiles } from '../../db/schema';
import { sentProfile, signedInAdmin, signedInModel } from '../../testing/admin';
import { createCity, createProfile } from '../../testing/builders';
import { testAppForFile } from '../../testing/create-test-app';
import { ensureClassicMassage } from '../../testing/profiles';
import { seoRoutes } from './routes';

/** Five pages (ten `<url>`, one per language) a file, so that a few profiles fill several files. */
const URLS_PER_FILE = 10;
const PAGES_PER_FILE = URLS_PER_FILE / 2;
/** Robots and sitemap under PUBLIC_URL, mounted beside the app's own (under the app's configured origin). */
const WITH_URL = '/with-public-url';
/** A PUBLIC_URL whose path needs escaping in XML. */
const ODD_URL = '/with-odd-url';

/** The app's configured origin (PUBLIC_URL, else the listening one). */
const ORIGIN = 'http://anketa.test:8080';
/** What every request names as its Host: never an origin of the answers. */
const HOST = 'attacker.test';

const t = testAppForFile({ publicUrl: ORIGIN, seo: { urlsPerFile: URLS_PER_FILE } }, async ({ app, db }) => {
  await app.register(seoRoutes, { prefix: WITH_URL, publicUrl: 'https://anketa.example/', urlsPerFile: 10 });
  await app.register(seoRoutes, {
    prefix: ODD_URL,
    publicUrl: "https://anketa.example/o'k&co",
    urlsPerFile: 10,
  });
  await seedPrices(db);
  await ensureClassicMassage(db);
});

function get(url: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url, headers: { host: HOST, ...headers } });
}

interface UrlEntry {
  loc: string;
  lastmod: string | null;
  alternates: Record<string, string>;
}

const unescapeXml = (text: string) =>
  text
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&apos;', "'")
    .replaceAll('&amp;', '&');

/** Whether every `&` of the text starts an entity: XML that a parser accepts, as far as escaping goes. */
function escapedWell(xml: string): boolean {
  return !/&(?!amp;|lt;|gt;|quot;|apos;)/.test(xml) && !/<loc>[^<]*["'][^<]*<\/loc>/.test(xml);
}

function parseUrlset(xml: string): UrlEntry[] {
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset ')).toBe(true);
  expect(xml).toContain('xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"');
  expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
  expect(xml.trimEnd().endsWith('</urlset>')).toBe(true);
  expect(escapedWell(xml)).toBe(true);
  return [...xml.matchAll(/<url>(.*?)<\/url>/g)].map(([, inner = '']) => ({
    loc: unescapeXml(/<loc>(.*?)<\/loc>/.exec(inner)?.[1] ?? ''),
    lastmod: /<lastmod>(.*?)<\/lastmod>/.exec(inner)?.[1] ?? null,
    alternates: Object.fromEntries(
      [...inner.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g)].map(
        ([, lang = '', href = '']) => [lang, unescapeXml(href)],
      ),
    ),
  }));
}

/** The files the index names, and every `<url>` of them, as a crawler would read them. */
async function crawl(prefix = '', headers: Record<string, string> = {}) {
  const index = await get(`${prefix}/sitemap.xml`, headers);
  expect(index.statusCode).toBe(200);
  expect(index.headers['content-type']).toBe('application/xml; charset=utf-8');
  expect(escapedWell(index.body)).toBe(true);
  expect(index.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
  const files = [...index.body.matchAll(/<sitemap><loc>(.*?)<\/loc><\/sitemap>/g)].map(([, loc = '']) =>
    unescapeXml(loc),
  );
  const entries: UrlEntry[] = [];
  for (const [i, file] of files.entries()) {
    const path = new URL(file).pathname;
    expect(path.endsWith(`/sitemap-${i + 1}.xml`)).toBe(true);
    const page = await get(`${prefix}/sitemap-${i + 1}.xml`, headers);
    expect(page.statusCode, file).toBe(200);
    expect(page.headers['content-type']).toBe('application/xml; charset=utf-8');
    const urls = parseUrlset(page.body);
    expect(urls.length, file).toBeLessThanOrEqual(URLS_PER_FILE);
    expect(urls.length, file).toBeGreaterThan(0);
    entries.push(...urls);
  }
  return { files, entries, locs: entries.map((entry) => entry.loc) };
}

const both = (path: string) => [`${ORIGIN}${path}`, `${ORIGIN}${path === '/' ? '/en' : `/en${path}`}`];

describe('GET /robots.txt', () => {
  it('allows the public pages, keeps crawlers out of the signed-in areas, the API and sockets, and names the sitemap', async () => {
    const response = await get('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    const lines = response.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const path of [
      '/',
      '/en',
      '/category/',
      '/en/category/',
      '/girl/',
      '/en/girl/',
      '/price',
      '/en/price',
    ]) {
      expect(lines).toContain(`Allow: ${path}`);
    }
    const areas = [
      '/profile',
      '/advister',
      '/admin',
      '/login',
      '/register',
      '/forgot-password',
      '/restore-password',
      '/confirm-email',
    ];
    for (const path of ['/api/', '/ws/', '/mfe/*/server/', ...areas, ...areas.map((area) => `/en${area}`)]) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    // No rule that would hide a public page: each Disallow is a signed-in area or a machine path.
    for (const line of lines.filter((l) => l.startsWith('Disallow: '))) {
      for (const publicPath of [
        '/',
        '/en',
        '/category/massage',
        '/girl/1',
        '/en/girl/1',
        '/price',
        '/en/price',
      ]) {
        expect(publicPath.startsWith(line.slice('Disallow: '.length)), `${line} hides ${publicPath}`).toBe(
          false,
        );
      }
    }
  });

  it('names the sitemap under PUBLIC_URL when it is set, whatever host the request named', async () => {
    const response = await get(`${WITH_URL}/robots.txt`, { host: 'elsewhere.test' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('\nSitemap: https://anketa.example/sitemap.xml\n');
  });

  it('names the configured origin without PUBLIC_URL, never the Host or forwarded headers, so a shared copy is the same for everyone', async () => {
    const robots = await get('/robots.txt', { host: 'Shop.Example:8443', 'x-forwarded-proto': 'https' });
    expect(robots.statusCode).toBe(200);
    expect(robots.body).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    expect(robots.body).not.toContain('shop.example');
    expect(robots.headers['cache-control']).toMatch(/^public/);
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: fc.constantFrom(...'ab.-:[]1 &<>/%'), maxLength: 20 }),
        async (host) => {
          for (const url of ['/robots.txt', '/sitemap.xml', '/sitemap-1.xml']) {
            const response = await get(url, { host, 'x-forwarded-host': host });
            expect(response.statusCode, `${url} ${JSON.stringify(host)}`).toBe(200);
            expect(escapedWell(response.body)).toBe(true);
            expect(response.body).toContain(`${ORIGIN}/`);
            if (host.length > 2) expect(response.body).not.toContain(`//${host}`);
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe('GET /sitemap.xml and /sitemap-<n>.xml', () => {
  it('lists home, price, categories, city listings with a profile and every visible profile, each in both languages, in files of at most the limit', async () => {
    const moscow = await createCity(t.db, { sort: 1 });
    const kazan = await createCity(t.db, { sort: 2 });
    const a = await createProfile(t.db, { cityId: moscow.id, category: 'individual' });
    const b = await createProfile(t.db, { cityId: moscow.id, category: 'individual' });
    const c = await createProfile(t.db, { cityId: moscow.id, category: 'massage' });
    const d = await createProfile(t.db, { cityId: kazan.id, category: 'elite' });
    // Not listed: blocked, expired, a draft, held by complaints, hidden by its owner.
    await createProfile(t.db, { cityId: kazan.id, category: 'bdsm', isBlocked: true, blockReason: 'Дубль' });
    await createProfile(t.db, {
      cityId: kazan.id,
      category: 'bdsm',
      expiresAt: new Date(Date.now() - 60_000),
    });
    await createProfile(t.db, { cityId: kazan.id, category: 'bdsm', status: 'draft', publishedAt: null });
    await createProfile(t.db, { cityId: kazan.id, category: 'massage', heldAt: new Date() });
    await createProfile(t.db, { cityId: kazan.id, category: 'massage', status: 'unactive' });

    const { files, entries, locs } = await crawl();
    const expected = [
      ...both('/'),
      ...both('/price'),
      ...CATEGORIES.flatMap((category) => both(`/category/${category}`)),
      ...both(`/category/individual?city=${moscow.slug}`),
      ...both(`/category/massage?city=${moscow.slug}`),
      ...both(`/category/elite?city=${kazan.slug}`),
      ...[a, b, c, d].flatMap((profile) => both(`/girl/${profile.id}`)),
    ];
    expect(locs).toEqual(expected);
    // 6 fixed pages, 3 city listings and 4 profiles: 13 pages, 5 a file.
    expect(files).toEqual([1, 2, 3].map((n) => `${ORIGIN}/sitemap-${n}.xml`));
    expect(expected.length / 2).toBe(13);
    expect(entries.slice(0, PAGES_PER_FILE * 2).length).toBe(URLS_PER_FILE);

    // Past the last file, and names that are no file's, are missing files.
    for (const name of ['4', '0', '01', '-1', 'abc', '1.5', '99999999999999999999']) {
      const response = await get(`/sitemap-${name}.xml`);
      expect(response.statusCode, name).toBe(404);
      expect(response.json<ApiErrorBody>().code).toBe('NOT_FOUND');
    }
  });

  it('gives each URL its Russian, English and x-default (Russian) alternates, and a profile its approval or change time', async () => {
    const city = await createCity(t.db);
    const publishedAt = new Date('2030-01-02T03:04:05.678Z');
    const profile = await createProfile(t.db, {
      cityId: city.id,
      publishedAt,
      updatedAt: new Date('2020-01-01T00:00:00Z'),
    });
    const { entries } = await crawl();
    const ru = `${ORIGIN}/girl/${profile.id}`;
    const en = `${ORIGIN}/en/girl/${profile.id}`;
    const mine = entries.filter((entry) => entry.loc === ru || entry.loc === en);
    expect(mine.map((entry) => entry.loc)).toEqual([ru, en]);
    for (const entry of mine) {
      expect(entry.alternates).toEqual({ ru, en, 'x-default': ru });
      // The later of its change and its approval: here the approval.
      expect(entry.lastmod).toBe('2030-01-02T03:04:05Z');
    }
    const home = entries.filter((entry) => entry.loc === `${ORIGIN}/` || entry.loc === `${ORIGIN}/en`);
    expect(home.map((entry) => entry.alternates)).toEqual([
      { ru: `${ORIGIN}/`, en: `${ORIGIN}/en`, 'x-default': `${ORIGIN}/` },
      { ru: `${ORIGIN}/`, en: `${ORIGIN}/en`, 'x-default': `${ORIGIN}/` },
    ]);
    // Home and the category carry the newest change of their profiles; the price list none.
    expect(home[0]?.lastmod).toBe('2030-01-02T03:04:05Z');
    expect(entries.find((entry) => entry.loc === `${ORIGIN}/price`)?.lastmod).toBeNull();
    const listing = `${ORIGIN}/category/individual?city=${city.slug}`;
    expect(entries.find((entry) => entry.loc === listing)?.alternates).toEqual({
      ru: listing,
      en: `${ORIGIN}/en/category/individual?city=${city.slug}`,
      'x-default': listing,
    });
  });

  it('drops a profile the moment it is blocked or its paid time ends, and a city listing left empty', async () => {
    const city = await createCity(t.db);
    const blocked = await createProfile(t.db, { cityId: city.id, category: 'bdsm' });
    const expiring = await createProfile(t.db, { cityId: city.id, category: 'elite' });
    const listingOf = (category: string) => `${ORIGIN}/category/${category}?city=${city.slug}`;
    const before = (await crawl()).locs;
    for (const loc of [
      `${ORIGIN}/girl/${blocked.id}`,
      `${ORIGIN}/girl/${expiring.id}`,
      listingOf('bdsm'),
      listingOf('elite'),
    ]) {
      expect(before).toContain(loc);
    }

    const { agent: admin } = await signedInAdmin(t);
    const block = await admin.post(`/api/admin-panel/profiles/${blocked.id}/block`, {
      reason: 'Нарушение правил',
    });
    expect(block.statusCode).toBe(200);
    await t.db
      .update(modelProfiles)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(modelProfiles.id, expiring.id));

    const after = (await crawl()).locs;
    for (const loc of [
      `${ORIGIN}/girl/${blocked.id}`,
      `${ORIGIN}/girl/${expiring.id}`,
      listingOf('bdsm'),
      listingOf('elite'),
    ]) {
      expect(after).not.toContain(loc);
    }
    expect(after.length).toBe(before.length - 8);
  });

  it('writes every URL under PUBLIC_URL when it is set, escaped for XML', async () => {
    const plain = await crawl(WITH_URL, { host: 'elsewhere.test' });
    expect(plain.files[0]).toBe('https://anketa.example/sitemap-1.xml');
    expect(plain.locs.slice(0, 4)).toEqual([
      'https://anketa.example/',
      'https://anketa.example/en',
      'https://anketa.example/price',
      'https://anketa.example/en/price',
    ]);
    expect(plain.locs.every((loc) => loc.startsWith('https://anketa.example/'))).toBe(true);

    const odd = await get(`${ODD_URL}/sitemap-1.xml`);
    expect(odd.body).toContain('<loc>https://anketa.example/o&apos;k&amp;co/</loc>');
    expect(odd.body).toContain('hreflang="en" href="https://anketa.example/o&apos;k&amp;co/en"');
    expect(escapedWell(odd.body)).toBe(true);
    const oddIndex = await get(`${ODD_URL}/sitemap.xml`);
    expect(oddIndex.body).toContain('<loc>https://anketa.example/o&apos;k&amp;co/sitemap-1.xml</loc>');
    const robots = await get(`${ODD_URL}/robots.txt`);
    expect(robots.body).toContain("Sitemap: https://anketa.example/o'k&co/sitemap.xml");
  });

  it('answers a file name of any shape with a file or a 404, never an error of the server', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 12 }), async (name) => {
        const response = await get(`/sitemap-${encodeURIComponent(name)}.xml`);
        expect([200, 404], JSON.stringify(name)).toContain(response.statusCode);
      }),
      { numRuns: 60 },
    );
  });
});

describe('GET /api/model/:id of a profile no longer published', () => {
  async function status(id: number) {
    const response = await get(`/api/model/${id}`);
    return { status: response.statusCode, code: response.json<ApiErrorBody | { id: number }>() };
  }

  it('answers 410 PROFILE_GONE once published (blocked, hidden, deleted), 404 MODEL_NOT_FOUND for what never was', async () => {
    const { agent: admin } = await signedInAdmin(t);
    const { agent: owner } = await signedInModel(t);
    const city = (await createCity(t.db)).slug;
    const approve = async (id: number) =>
      expect((await admin.post(`/api/admin-panel/moderation/profiles/${id}/approve`)).statusCode).toBe(200);

    const [blocked, hidden, deleted, pending, deletedPending] = [
      await sentProfile(t, owner, city),
      await sentProfile(t, owner, city),
      await sentProfile(t, owner, city),
      await sentProfile(t, owner, city),
      await sentProfile(t, owner, city),
    ];
    for (const id of [blocked, hidden, deleted]) {
      await approve(id);
      expect((await get(`/api/model/${id}`)).statusCode).toBe(200);
    }
    expect(
      (await admin.post(`/api/admin-panel/profiles/${blocked}/block`, { reason: 'Нарушение правил' }))
        .statusCode,
    ).toBe(200);
    expect((await owner.post(`/api/profiles/${hidden}/deactivate`)).statusCode).toBe(200);
    expect((await owner.delete(`/api/profiles/${deleted}`)).statusCode).toBeLessThan(300);
    expect((await owner.delete(`/api/profiles/${deletedPending}`)).statusCode).toBeLessThan(300);

    for (const id of [blocked, hidden, deleted]) {
      const response = await get(`/api/model/${id}`);
      expect(response.statusCode, String(id)).toBe(410);
      expect(response.json<ApiErrorBody>()).toEqual({
        code: 'PROFILE_GONE',
        message: contractsLocales.ru.errors.PROFILE_GONE,
      });
    }
    const english = await get(`/api/model/${deleted}`, { 'accept-language': 'en' });
    expect(english.json<ApiErrorBody>()).toEqual({
      code: 'PROFILE_GONE',
      message: contractsLocales.en.errors.PROFILE_GONE,
    });

    for (const id of [pending, deletedPending, 999_999_999]) {
      expect(await status(id), String(id)).toEqual({
        status: 404,
        code: { code: 'MODEL_NOT_FOUND', message: contractsLocales.ru.errors.MODEL_NOT_FOUND },
      });
    }
    // Unblocked, it is back.
    expect((await admin.post(`/api/admin-panel/profiles/${blocked}/unblock`)).statusCode).toBe(200);
    expect((await get(`/api/model/${blocked}`)).statusCode).toBe(200);
  });

  it('describes both answers in the API document', async () => {
    const doc = (await get('/api/docs/json')).json();
    const responses = doc.paths['/api/model/{id}'].get.responses;
    expect(responses['404'].description).toMatch(/^MODEL_NOT_FOUND/);
    expect(responses['410'].description).toMatch(/^PROFILE_GONE/);
    for (const path of ['/robots.txt', '/sitemap.xml', '/sitemap-{file}.xml']) {
      expect(doc.paths[path]?.get?.tags, path).toEqual(['seo']);
    }
  });
});

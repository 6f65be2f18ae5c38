import type { LiveStreamList } from 'contracts/streams';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modelProfiles } from '../../db/schema';
import { seed } from '../../db/seed';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import { createFakeMedia } from './testing/fake-media';
import { modelWithListedProfile } from './testing/stream-client';

let t: TestApp;

beforeAll(async () => {
  // The rendered pages' strips share the 3 newest streams on air (200 in production), so that a few
  // streams show what happens past them.
  t = await createTestApp({ streamMedia: createFakeMedia().media, streams: { pagesOnAirMax: 3 } });
  await seed(t.db, { profiles: 10 });
});

afterAll(async () => {
  await t?.close();
});

/** The live strip as a rendered page reads it (the page renderer's in-process read). */
async function pageStrip(url: string, language = 'ru'): Promise<string> {
  const address = new URL(url, 'http://x');
  const read = t.app.inProcessReads.get(address.pathname);
  if (!read) throw new Error('no read for the live strip');
  return read({ query: Object.fromEntries(address.searchParams), params: {}, acceptLanguage: language });
}
const stripIds = async (url = '/api/streams/live') =>
  (JSON.parse(await pageStrip(url)) as LiveStreamList).items.map((item) => item.id);

/** The page's strip is, byte for byte, what GET /api/streams/live answers, in both languages. */
async function sameAsRoute(url: string) {
  for (const language of ['ru', 'en']) {
    const routed = await t.app.inject({ url, headers: { 'accept-language': language } });
    expect(routed.statusCode).toBe(200);
    expect(await pageStrip(url, language), `${url} in ${language}`).toBe(routed.body);
  }
}

describe("a rendered page's live strip", () => {
  it('is filtered from the streams every page shares, and a start or an end shows on the next page at once', async () => {
    const first = await modelWithListedProfile(t);
    const a = await first.start();
    expect(await stripIds()).toEqual([a.id]);
    await sameAsRoute(`/api/streams/live?city=${first.city.slug}`);
    await sameAsRoute('/api/streams/live?city=nowhere');

    // Another stream starts: the change clears what the pages share, on every instance.
    const second = await modelWithListedProfile(t);
    const b = await second.start();
    expect(await stripIds()).toEqual([b.id, a.id]);
    expect(await stripIds(`/api/streams/live?city=${second.city.slug}`)).toEqual([b.id]);
    expect((await second.agent.post(`/api/streams/${b.id}/stop`)).statusCode).toBe(200);
    expect(await stripIds()).toEqual([a.id]);

    // A change nothing announces (a row edited by hand) shows within the shared second.
    await t.db
      .update(modelProfiles)
      .set({ status: 'unactive' })
      .where(eq(modelProfiles.id, first.profile.id));
    await expect.poll(() => stripIds(), { timeout: 3_000, interval: 100 }).toEqual([]);
    await sameAsRoute('/api/streams/live');
    await first.agent.post(`/api/streams/${a.id}/stop`);
  });

  it('reads its own past the streams the pages share, and answers what the route answers for every filter', async () => {
    const oldest = await modelWithListedProfile(t);
    const old = await oldest.start();
    const newer = [];
    for (let i = 0; i < 4; i += 1) {
      const model = await modelWithListedProfile(t);
      newer.push({ model, stream: await model.start() });
    }
    const [{ category } = { category: '' }] = await t.db
      .select({ category: modelProfiles.category })
      .from(modelProfiles)
      .where(eq(modelProfiles.id, oldest.profile.id));
    const newest = newer.at(-1)?.model;
    for (const url of [
      '/api/streams/live',
      `/api/streams/live?city=${oldest.city.slug}`,
      `/api/streams/live?city=${newest?.city.slug}`,
      `/api/streams/live?category=${category}`,
      `/api/streams/live?city=${oldest.city.slug}&category=${category}`,
      '/api/streams/live?city=nowhere',
    ]) {
      await sameAsRoute(url);
    }
    // The oldest stream is past the three shared: its city's page still shows it.
    expect(await stripIds(`/api/streams/live?city=${oldest.city.slug}`)).toEqual([old.id]);
    expect((await stripIds()).at(-1)).toBe(old.id);
  });
});

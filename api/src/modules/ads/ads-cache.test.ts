import { describe, expect, it } from 'vitest';
import { testAppForFile } from '../../testing/create-test-app';
import { seriesValue } from '../../testing/metrics';

// The ads of a page are shared between its visitors for a while (ADS_CACHE_MS), the main page's and
// each city's. Any slug may be asked for as a city, so the cache is bounded, and its reads counted.

const t = testAppForFile({ adsCacheMs: 600_000, adsCacheMax: 3, metrics: { allow: '127.0.0.0/8, ::1/128' } });

const askAds = async (query: string) => {
  const response = await t.app.inject({ url: `/api/ads?${query}`, remoteAddress: '198.51.100.7' });
  expect(response.statusCode, response.body).toBe(200);
};

async function reads(): Promise<{ hit: number; miss: number }> {
  const text = (await t.app.inject({ url: '/metrics' })).body;
  const value = (result: string) => seriesValue(text, `ads_cache_requests_total{result="${result}"}`) ?? 0;
  return { hit: value('hit'), miss: value('miss') };
}

describe('the ads cache', () => {
  it('shares a page’s ads, counts hits and misses, and keeps at most its bound of pages', async () => {
    const before = await reads();
    await askAds('place=main');
    await askAds('place=main');
    expect(await reads()).toEqual({ hit: before.hit + 1, miss: before.miss + 1 });

    // Made-up cities, each a page of its own: the least recently asked for go past the bound.
    for (const city of ['made-up-1', 'made-up-2', 'made-up-3', 'made-up-4', 'made-up-5']) {
      await askAds(`place=city&city=${city}`);
    }
    expect(t.app.adServing.cached()).toBe(3);
    // The last three are kept; the main page and the first cities were let go.
    const kept = await reads();
    await askAds('place=city&city=made-up-5');
    await askAds('place=main');
    expect(await reads()).toEqual({ hit: kept.hit + 1, miss: kept.miss + 1 });
    expect(t.app.adServing.cached()).toBe(3);
  });
});

import { adDayOf, type Campaign, type CampaignStats, type ServedAds } from 'contracts/campaigns';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { campaigns } from '../../db/schema';
import { seedPrices } from '../../db/seed-prices';
import { CSRF_HEADER } from '../../plugins/auth';
import type { Agent } from '../../testing/agent';
import { runningCampaign } from '../../testing/campaigns';
import { testAppForFile } from '../../testing/create-test-app';
import { DEFAULT_AUTH_RATE_LIMITS } from '../auth/rate-limits';
import { AD_TOKEN_TTL_SECONDS } from './serving';

// Scripts that inflate an advertiser's figures: every pass a new visitor (no cookies), from one
// address. What counts is limited per client network and campaign; the rest is refused, recorded
// for the advertiser and the administration, and never billed.

let clockSkew = 0;
/** Moves the ads' clock on (a visitor looking at the page for a while). */
const later = (ms: number) => {
  clockSkew += ms;
};

const t = testAppForFile({ rubPerUsd: 100, adsClock: () => Date.now() + clockSkew }, async ({ db }) => {
  await seedPrices(db);
});

const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36';
const BROWSER = { 'user-agent': BROWSER_UA };
const PER_NETWORK = DEFAULT_AUTH_RATE_LIMITS.adImpressionsPerNetwork.max;
const CLICKS_PER_NETWORK = DEFAULT_AUTH_RATE_LIMITS.adClicksPerNetwork.max;
const PAGES_PER_MINUTE = DEFAULT_AUTH_RATE_LIMITS.adsPerIp.max;
const today = () => adDayOf(new Date());

async function counted(id: number) {
  const [row] = await t.db.select().from(campaigns).where(eq(campaigns.id, id));
  return { impressions: row?.impressionsServed ?? -1, clicks: row?.clicks ?? -1 };
}

const cookiesOf = (response: LightMyRequestResponse) =>
  Object.fromEntries((response.cookies as { name: string; value: string }[]).map((c) => [c.name, c.value]));

/**
 * One pass of the script: ask for a city's ads with no cookies (a new visitor), wait the second an
 * ad must be seen for, then report each token with the cookies and a browser's User-Agent.
 */
async function scriptedPass(city: string, remoteAddress: string, report: 'impression' | 'click') {
  const page = await t.app.inject({
    method: 'GET',
    url: `/api/ads?place=city&city=${city}`,
    headers: BROWSER,
    remoteAddress,
  });
  if (page.statusCode !== 200) return page.statusCode;
  const cookies = cookiesOf(page);
  later(1_000);
  for (const ad of page.json<ServedAds>().ads) {
    const answer =
      report === 'impression'
        ? await t.app.inject({
            method: 'POST',
            url: '/api/ads/impressions',
            payload: { token: ad.token },
            headers: { ...BROWSER, [CSRF_HEADER]: cookies[t.app.cookieNames.csrf] ?? '' },
            cookies,
            remoteAddress,
          })
        : await t.app.inject({ method: 'GET', url: ad.clickUrl, headers: BROWSER, cookies, remoteAddress });
    expect(answer.statusCode, answer.body).toBe(report === 'impression' ? 204 : 302);
  }
  return page.statusCode;
}

async function statsOf(agent: Agent, id: number) {
  const response = await agent.get(`/api/campaigns/${id}/stats?days=7`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CampaignStats>();
}

describe('a script inflating impressions and clicks from one address', () => {
  it('counts no more than the network’s share of 1,000 passes, and records the rest as refused', async () => {
    const campaign = await runningCampaign(t);
    const statuses: number[] = [];
    for (let pass = 0; pass < 1_000; pass++) {
      statuses.push(await scriptedPass(campaign.city, '203.0.113.7', 'impression'));
    }
    // Pages of fresh tokens are limited per address, and what counts per network and campaign.
    expect(statuses.filter((status) => status === 200)).toHaveLength(PAGES_PER_MINUTE);
    expect(statuses.filter((status) => status === 429)).toHaveLength(1_000 - PAGES_PER_MINUTE);
    expect((await counted(campaign.id)).impressions).toBe(PER_NETWORK);

    const stats = await statsOf(campaign.agent, campaign.id);
    expect(stats.totals).toMatchObject({
      impressions: PER_NETWORK,
      refusedImpressions: PAGES_PER_MINUTE - PER_NETWORK,
      refusedClicks: 0,
    });
    expect(stats.refused).toEqual([
      { reason: 'rate_limit', impressions: PAGES_PER_MINUTE - PER_NETWORK, clicks: 0 },
    ]);
    expect(stats.days.at(-1)).toMatchObject({
      day: today(),
      impressions: PER_NETWORK,
      refusedImpressions: PAGES_PER_MINUTE - PER_NETWORK,
    });
    const own = await campaign.agent.get(`/api/campaigns/${campaign.id}`);
    expect(own.json<Campaign>()).toMatchObject({
      impressionsServed: PER_NETWORK,
      refusedImpressions: PAGES_PER_MINUTE - PER_NETWORK,
      refusedClicks: 0,
    });
    // The administration sees them on the advertiser's account.
    const account = await campaign.admin.get(`/api/admin-panel/accounts/${campaign.accountId}`);
    expect(account.statusCode, account.body).toBe(200);
    expect(account.json<{ campaigns: unknown[] }>().campaigns).toEqual([
      expect.objectContaining({
        id: campaign.id,
        impressionsDelivered: PER_NETWORK,
        impressionsRefused: PAGES_PER_MINUTE - PER_NETWORK,
        clicksRefused: 0,
      }),
    ]);
    // 2,000 requests: past the suite's 30 s on a busy machine.
  }, 120_000);

  it('keys on the network: new IPv6 addresses of one /64 share its limits', async () => {
    const campaign = await runningCampaign(t);
    for (let pass = 0; pass < 2 * PER_NETWORK; pass++) {
      await scriptedPass(campaign.city, `2001:db8:5:7::${(pass + 1).toString(16)}`, 'impression');
    }
    expect((await counted(campaign.id)).impressions).toBe(PER_NETWORK);
  });

  it('counts clicks up to the network’s share; the rest still go to the link but are refused', async () => {
    const campaign = await runningCampaign(t);
    for (let pass = 0; pass < 3 * CLICKS_PER_NETWORK; pass++) {
      expect(await scriptedPass(campaign.city, '203.0.113.8', 'click')).toBe(200);
    }
    expect((await counted(campaign.id)).clicks).toBe(CLICKS_PER_NETWORK);
    const stats = await statsOf(campaign.agent, campaign.id);
    expect(stats.totals).toMatchObject({ clicks: CLICKS_PER_NETWORK, refusedClicks: 2 * CLICKS_PER_NETWORK });
    expect(stats.refused).toEqual([{ reason: 'rate_limit', impressions: 0, clicks: 2 * CLICKS_PER_NETWORK }]);
  });
});

describe('which reports count', () => {
  /** A browser on `address` that has the visitor cookie. */
  async function browserOn(address: string) {
    const cookies = cookiesOf(
      await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: address }),
    );
    const ads = async (city: string) => {
      const page = await t.app.inject({
        method: 'GET',
        url: `/api/ads?place=city&city=${city}`,
        headers: BROWSER,
        cookies,
        remoteAddress: address,
      });
      expect(page.statusCode, page.body).toBe(200);
      return page.json<ServedAds>().ads;
    };
    const report = (token: string, options: { from?: string; headers?: Record<string, string> } = {}) =>
      t.app.inject({
        method: 'POST',
        url: '/api/ads/impressions',
        payload: { token },
        headers: { ...BROWSER, [CSRF_HEADER]: cookies[t.app.cookieNames.csrf] ?? '', ...options.headers },
        cookies,
        remoteAddress: options.from ?? address,
      });
    return { ads, report };
  }

  it('refuses and records a token reported too soon, late, from another network, again, or by a robot', async () => {
    const campaign = await runningCampaign(t);
    const browser = await browserOn('198.51.100.20');
    const tokenOf = async () => (await browser.ads(campaign.city))[0]?.token ?? '';

    // Sooner than an ad can have been on screen for a second.
    const soon = await tokenOf();
    expect((await browser.report(soon)).statusCode).toBe(204);
    // Issued to this browser on another network.
    later(1_000);
    expect((await browser.report(soon, { from: '198.51.100.99' })).statusCode).toBe(204);
    // A known robot.
    const bot = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
    expect((await browser.report(soon, { headers: { 'user-agent': bot } })).statusCode).toBe(204);
    expect(await counted(campaign.id)).toEqual({ impressions: 0, clicks: 0 });
    // The same token once it may count: counted; then again: a replay.
    expect((await browser.report(soon)).statusCode).toBe(204);
    expect((await browser.report(soon)).statusCode).toBe(204);
    expect((await counted(campaign.id)).impressions).toBe(1);
    // Past its time.
    const old = await tokenOf();
    later(AD_TOKEN_TTL_SECONDS * 1000 + 1_000);
    expect((await browser.report(old)).statusCode).toBe(204);
    // Forged: not ours, so not recorded for any campaign either.
    const forged = `${campaign.id}.0.${Date.now() + clockSkew}.${'A'.repeat(32)}.${'B'.repeat(32)}`;
    expect((await browser.report(forged)).statusCode).toBe(204);

    expect((await counted(campaign.id)).impressions).toBe(1);
    const stats = await statsOf(campaign.agent, campaign.id);
    expect(stats.refused).toEqual([
      { reason: 'expired', impressions: 1, clicks: 0 },
      { reason: 'too_soon', impressions: 1, clicks: 0 },
      { reason: 'foreign', impressions: 1, clicks: 0 },
      { reason: 'replay', impressions: 1, clicks: 0 },
      { reason: 'bot', impressions: 1, clicks: 0 },
    ]);
    expect(stats.totals).toMatchObject({ impressions: 1, refusedImpressions: 5 });
  });

  it('lets a real visitor browse many pages: one impression an hour, nothing refused', async () => {
    const campaign = await runningCampaign(t);
    const browser = await browserOn('198.51.100.21');
    for (let page = 0; page < 40; page++) {
      const [ad] = await browser.ads(campaign.city);
      later(1_500);
      expect((await browser.report(ad?.token ?? '')).statusCode).toBe(204);
    }
    expect((await counted(campaign.id)).impressions).toBe(1);
    const stats = await statsOf(campaign.agent, campaign.id);
    expect(stats.refused).toEqual([]);
    expect(stats.totals.refusedImpressions).toBe(0);
  });
});

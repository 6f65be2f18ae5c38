import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ModelListResponse } from 'contracts';
import type { ServedAds } from 'contracts/campaigns';
import { eq } from 'drizzle-orm';
import { adBookings } from './db/schema';
import { seedPrices } from './db/seed-prices';
import { buildApp } from './app';
import { signedInAdmin } from './testing/admin';
import { databaseOnServer } from './testing/server-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_AUTH_RATE_LIMITS } from './modules/auth/rate-limits';
import { createAccount, createCity, createProfile } from './testing/builders';
import { runningCampaign } from './testing/campaigns';
import { createTestApp, type TestApp } from './testing/create-test-app';
import { hasRedisServer, NO_REDIS_SERVER, type RedisServer, startRedisServer } from './testing/redis-server';

// Two API instances on one Redis (issue 29). Each has a database of its own here (two PGlite
// databases, or two on the PostgreSQL server): what they share is Redis alone, so whatever one
// instance's limits or caches learn from the other came through Redis.

/** Polls `condition` until it holds, failing after `timeoutMs`. */
async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

let addressCount = 0;
/** A browser at its own address (TEST-NET-3) on `app`, with its cookies and CSRF token. */
async function browserAt(app: FastifyInstance, ip = `203.0.113.${++addressCount}`) {
  const first = await app.inject({ method: 'GET', url: '/api/health', remoteAddress: ip });
  const cookies = Object.fromEntries(first.cookies.map((cookie) => [cookie.name, cookie.value]));
  return (payload: Record<string, unknown>) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload,
      remoteAddress: ip,
      cookies,
      headers: { 'x-csrf-token': cookies.csrf_token ?? '', 'accept-language': 'en' },
    });
}

const BROWSER = {
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36',
};

/** The same account (e-mail and password) in both instances' databases. */
async function accountInBoth(one: TestApp, other: TestApp) {
  const account = await createAccount(one.db);
  await createAccount(other.db, { email: account.email });
  return account;
}

describe.skipIf(!hasRedisServer)(
  `two API instances on one Redis ${hasRedisServer ? '' : NO_REDIS_SERVER}`,
  () => {
    let redis: RedisServer;
    let one: TestApp;
    let other: TestApp;
    let staticRoot: string | undefined;
    beforeAll(async () => {
      redis = await startRedisServer();
      // A built shell (client-rendered pages only) so that the instances serve pages too.
      staticRoot = await mkdtemp(path.join(tmpdir(), 'api-shared-'));
      await mkdir(path.join(staticRoot, 'shell', 'dist'), { recursive: true });
      await writeFile(
        path.join(staticRoot, 'shell', 'dist', 'index.html'),
        '<!doctype html><title>shell</title>',
      );
      await writeFile(path.join(staticRoot, 'shell', 'dist', 'remotes.json'), '{}');
      const options = { redisUrl: redis.url, listingCacheMs: 600_000, adsCacheMs: 600_000, staticRoot };
      // A listing cache far longer than the test: only a clear can show a change.
      [one, other] = await Promise.all([createTestApp(options), createTestApp(options)]);
    });
    afterAll(async () => {
      await Promise.all([one?.close(), other?.close()]);
      await redis?.stop();
      if (staticRoot) await rm(staticRoot, { recursive: true, force: true });
    });

    it('share Redis, and tell readiness whether it answers', async () => {
      const ready = await one.app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode, ready.body).toBe(200);
      expect(one.app.shared.kind).toBe('redis');
      expect(one.app.shared.up()).toBe(true);
      expect(other.app.shared.up()).toBe(true);
    });

    it('count failed logins for one address across both: the sixth fails on either', async () => {
      const account = await accountInBoth(one, other);
      const { max } = DEFAULT_AUTH_RATE_LIMITS.loginPerEmail;
      for (let i = 0; i < max; i++) {
        const post = await browserAt(i % 2 === 0 ? one.app : other.app);
        expect((await post({ email: account.email, password: 'wrong-guess' })).statusCode).toBe(401);
      }
      // Even the right password waits now, wherever the balancer sends it.
      for (const app of [one.app, other.app]) {
        const post = await browserAt(app);
        const response = await post({ email: account.email, password: account.password });
        expect(response.statusCode).toBe(429);
        expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      }
    });

    it('count route limits (logins per address) across both', async () => {
      const { max } = DEFAULT_AUTH_RATE_LIMITS.loginPerIp;
      const ip = '198.51.100.7';
      for (let i = 0; i < max; i++) {
        const post = await browserAt(i % 2 === 0 ? one.app : other.app, ip);
        expect((await post({ email: `nobody${i}@example.test`, password: 'x' })).statusCode).toBe(401);
      }
      for (const app of [one.app, other.app]) {
        const post = await browserAt(app, ip);
        expect((await post({ email: 'nobody@example.test', password: 'x' })).statusCode).toBe(429);
      }
    });

    it('clear the listing cache, and the server-rendered pages with it, on both within a second when one clears it', async () => {
      // The page cache (plugins/static.ts) clears through this hook; these apps serve no pages.
      let pagesCleared = 0;
      other.app.listingCache.onClear(() => pagesCleared++);
      const city = await createCity(other.db, { slug: 'shared-city' });
      const listed = async () => {
        const response = await other.app.inject({ method: 'GET', url: '/api/model?city=shared-city' });
        return (response.json() as ModelListResponse).items.map((item) => item.id);
      };
      expect(await listed()).toEqual([]);
      const profile = await createProfile(other.db, { cityId: city.id });
      // Still the cached page: nothing cleared it on this instance.
      expect(await listed()).toEqual([]);
      const clearedAt = Date.now();
      one.app.listingCache.clear();
      await until(async () => (await listed()).includes(profile.id), 1_000);
      expect(Date.now() - clearedAt).toBeLessThan(1_000);
      expect(pagesCleared).toBe(1);
    });

    it('clear the ads cache on both within a second when one clears it', async () => {
      await seedPrices(other.db);
      const campaign = await runningCampaign(other);
      const served = async () => {
        const page = await other.app.inject({
          method: 'GET',
          url: `/api/ads?place=city&city=${campaign.city}`,
          headers: BROWSER,
        });
        return page.json<ServedAds>().ads.length;
      };
      expect(await served()).toBe(1);
      // Its bookings gone from the database, the cached page still shows it on this instance.
      await other.db.delete(adBookings).where(eq(adBookings.campaignId, campaign.id));
      expect(await served()).toBe(1);
      const clearedAt = Date.now();
      one.app.adsCache.clear();
      await until(async () => (await served()) === 0, 1_000);
      expect(Date.now() - clearedAt).toBeLessThan(1_000);
    });

    it('keep serving through a Redis outage, limits counted in memory, and share again once it is back', async () => {
      const account = await accountInBoth(one, other);
      await redis.stop(true);
      await until(() => !one.app.shared.up() && !other.app.shared.up());
      // Readiness says so (the balancer decides); everything else below still answers.
      const ready = await one.app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ failed: ['redis'] });

      // Pages and the API answer; a write's cache clear does not fail for want of Redis.
      for (const url of ['/', '/api/model', '/api/health', '/robots.txt', '/sitemap.xml']) {
        expect((await one.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
      }
      one.app.listingCache.clear();
      one.app.adsCache.clear();

      // The login limiter still limits, in this instance's memory.
      const { max } = DEFAULT_AUTH_RATE_LIMITS.loginPerEmail;
      for (let i = 0; i < max; i++) {
        const post = await browserAt(one.app);
        expect((await post({ email: account.email, password: 'wrong-guess' })).statusCode).toBe(401);
      }
      expect(
        (await (await browserAt(one.app))({ email: account.email, password: account.password })).statusCode,
      ).toBe(429);
      // The other instance counted nothing of it: the outage splits them.
      expect(
        (await (await browserAt(other.app))({ email: account.email, password: account.password })).statusCode,
      ).toBe(200);

      await redis.start();
      await until(() => one.app.shared.up() && other.app.shared.up(), 10_000);
      // Shared again: failures on one count on the other (Redis came back empty).
      const again = await accountInBoth(one, other);
      for (let i = 0; i < max; i++) {
        const post = await browserAt(i % 2 === 0 ? other.app : one.app);
        expect((await post({ email: again.email, password: 'wrong-guess' })).statusCode).toBe(401);
      }
      for (const app of [one.app, other.app]) {
        expect(
          (await (await browserAt(app))({ email: again.email, password: again.password })).statusCode,
        ).toBe(429);
      }
    });
  },
);

const NO_DATABASE_SERVER =
  '(skipped: DATABASE_URL is not set; two instances on one database need PostgreSQL)';

describe.skipIf(!hasRedisServer || !process.env.DATABASE_URL)(
  `two API instances on one Redis and one database ${hasRedisServer ? '' : NO_REDIS_SERVER} ${process.env.DATABASE_URL ? '' : NO_DATABASE_SERVER}`,
  () => {
    let redis: RedisServer;
    let database: { url: string; drop(): Promise<void> };
    const apps: TestApp[] = [];
    beforeAll(async () => {
      redis = await startRedisServer();
      database = await databaseOnServer(process.env.DATABASE_URL ?? '', 'api_shared');
      for (let i = 0; i < 2; i++) {
        const app = await buildApp({
          database: { url: database.url },
          redisUrl: redis.url,
          listingCacheMs: 600_000,
        });
        apps.push({ app, db: app.db, close: () => app.close() });
      }
    });
    afterAll(async () => {
      await Promise.all(apps.map((t) => t.close()));
      await database?.drop();
      await redis?.stop();
    });

    it("take a profile blocked on one out of the other's listing within a second", async () => {
      const [one, other] = apps as [TestApp, TestApp];
      const city = await createCity(one.db);
      const profile = await createProfile(one.db, { cityId: city.id });
      const listed = async () => {
        const response = await other.app.inject({ method: 'GET', url: `/api/model?city=${city.slug}` });
        return (response.json() as ModelListResponse).items.map((item) => item.id);
      };
      expect(await listed()).toEqual([profile.id]);
      const { agent: admin } = await signedInAdmin(one);
      const blocked = await admin.post(`/api/admin-panel/profiles/${profile.id}/block`, {
        reason: 'Нарушение правил',
      });
      expect(blocked.statusCode, blocked.body).toBe(200);
      // Counted from the answer: the block has committed and this instance's cache is cleared.
      const blockedAt = Date.now();
      await until(async () => (await listed()).length === 0, 1_000);
      expect(Date.now() - blockedAt).toBeLessThan(1_000);
    });
  },
);

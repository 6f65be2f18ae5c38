import type { AnalyticsRecordedResponse, ApiErrorBody } from 'contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { profileViews, siteVisits } from '../../db/schema';
import { sha256 } from '../../lib/tokens';
import { analyticsDay } from '../../lib/visitor';
import { COOKIES } from '../../plugins/auth';
import { type Agent, createAgent } from '../../testing/agent';
import { createAccount, createProfile } from '../../testing/builders';
import { testAppForFile } from '../../testing/create-test-app';
import { DEFAULT_AUTH_RATE_LIMITS } from '../auth/rate-limits';

const t = testAppForFile();

const keyOf = (agent: Agent) => sha256(`visitor:${agent.jar.get(COOKIES.visitor)}`);
const visitsOf = (visitorKey: string) =>
  t.db.select().from(siteVisits).where(eq(siteVisits.visitorKey, visitorKey));
const viewsOf = (profileId: number) =>
  t.db.select().from(profileViews).where(eq(profileViews.profileId, profileId));

describe('PATCH /api/admin-panel/analytics', () => {
  it("counts a guest's visit once a day however often it is reported", async () => {
    const guest = createAgent(t.app);
    const first = await guest.patch('/api/admin-panel/analytics', { visitCount: true });
    expect(first.statusCode).toBe(200);
    expect(first.json<AnalyticsRecordedResponse>()).toEqual({ ok: true });
    expect(first.headers['cache-control']).toBe('no-store');

    for (const body of [{ visitCount: true }, { visitCount: 5 }, {}, { visitCount: true, page: '/price' }]) {
      expect((await guest.patch('/api/admin-panel/analytics', body)).statusCode).toBe(200);
    }
    expect(await visitsOf(keyOf(guest))).toEqual([
      expect.objectContaining({ day: analyticsDay(), visitorKey: keyOf(guest) }),
    ]);
  });

  it('counts each browser, and a signed-in account once across its browsers', async () => {
    const [a, b] = [createAgent(t.app), createAgent(t.app)];
    await a.patch('/api/admin-panel/analytics', { visitCount: true });
    await b.patch('/api/admin-panel/analytics', { visitCount: true });
    expect(await visitsOf(keyOf(a))).toHaveLength(1);
    expect(await visitsOf(keyOf(b))).toHaveLength(1);

    const account = await createAccount(t.db);
    const [laptop, phone] = [createAgent(t.app), createAgent(t.app)];
    await laptop.signInAs(account.id);
    await phone.signInAs(account.id);
    await laptop.patch('/api/admin-panel/analytics', { visitCount: true });
    await phone.patch('/api/admin-panel/analytics', { visitCount: true });
    expect(await visitsOf(sha256(`account:${account.id}`))).toHaveLength(1);
  });

  it.each([
    ['visitCount false', { visitCount: false }, { visitCount: 'validation.invalidVisitCount' }],
    ['a negative visitCount', { visitCount: -1 }, { visitCount: 'validation.invalidVisitCount' }],
    ['a text visitCount', { visitCount: 'yes' }, { visitCount: 'validation.invalidVisitCount' }],
    ['a list for a body', [{ visitCount: true }], { '': 'validation.required' }],
    ['null for a body', null, { '': 'validation.required' }],
  ])('answers 400 for %s and counts nothing', async (_name, body, fields) => {
    const guest = createAgent(t.app);
    const response = await guest.patch('/api/admin-panel/analytics', JSON.stringify(body), {
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiErrorBody>()).toMatchObject({ code: 'VALIDATION_FAILED', fields });
    expect(await visitsOf(keyOf(guest))).toEqual([]);
  });

  it('counts a call without a body, and refuses one without the CSRF header', async () => {
    const guest = createAgent(t.app);
    await guest.get('/api/health');
    const csrf = guest.jar.get(COOKIES.csrf) ?? '';
    const bare = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin-panel/analytics',
      cookies: Object.fromEntries(guest.jar),
      headers: { 'x-csrf-token': csrf },
    });
    expect(bare.statusCode).toBe(200);
    expect(await visitsOf(keyOf(guest))).toHaveLength(1);

    const forger = createAgent(t.app);
    await forger.get('/api/health');
    const forged = await forger.patch(
      '/api/admin-panel/analytics',
      { visitCount: true },
      { withoutCsrf: true },
    );
    expect(forged.statusCode).toBe(403);
    expect(await visitsOf(keyOf(forger))).toEqual([]);
  });
});

describe('POST /api/admin-panel/analytics/update-models-visit-count', () => {
  const URL = '/api/admin-panel/analytics/update-models-visit-count';

  it('counts one view per visitor per profile per day', async () => {
    const [profile, other] = [await createProfile(t.db), await createProfile(t.db)];
    const [a, b] = [createAgent(t.app), createAgent(t.app)];
    for (let i = 0; i < 3; i++) {
      const response = await a.post(URL, { modelId: profile.id });
      expect(response.statusCode).toBe(200);
      expect(response.json<AnalyticsRecordedResponse>()).toEqual({ ok: true });
    }
    await a.post(URL, { modelId: String(other.id) });
    await b.post(URL, { modelId: profile.id });

    const rows = await viewsOf(profile.id);
    expect(rows.map((row) => row.visitorKey).sort()).toEqual([keyOf(a), keyOf(b)].sort());
    expect(rows.every((row) => row.day === analyticsDay())).toBe(true);
    expect(await viewsOf(other.id)).toHaveLength(1);
  });

  it('answers 404 MODEL_NOT_FOUND for a missing, blocked or unpublished profile and counts nothing', async () => {
    const blocked = await createProfile(t.db, { isBlocked: true, blockReason: 'Повторная анкета' });
    const draft = await createProfile(t.db, { status: 'draft' });
    const guest = createAgent(t.app);
    for (const modelId of [999_999_999, blocked.id, draft.id]) {
      const response = await guest.post(URL, { modelId });
      expect(response.statusCode).toBe(404);
      expect(response.json<ApiErrorBody>().code).toBe('MODEL_NOT_FOUND');
    }
    expect(await viewsOf(blocked.id)).toEqual([]);
    expect(await viewsOf(draft.id)).toEqual([]);
  });

  it.each([
    ['no modelId', {}],
    ['modelId 0', { modelId: 0 }],
    ['a negative modelId', { modelId: -2 }],
    ['a fractional modelId', { modelId: 2.5 }],
    ['a modelId past int4', { modelId: 2_147_483_648 }],
    ['a word', { modelId: 'abc' }],
    ['the id under another name', { id: 1 }],
  ])('answers 400 for %s', async (_name, body) => {
    const response = await createAgent(t.app).post(URL, body);
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiErrorBody>()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { modelId: 'validation.invalidId' },
    });
  });
});

describe('limits of the tracking calls (the real ones)', () => {
  let addressCount = 0;
  /** A browser at its own address (TEST-NET-3), with its cookies and CSRF token. */
  async function browserAt(ip = `203.0.113.${++addressCount}`) {
    const first = await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: ip });
    const cookies = Object.fromEntries(first.cookies.map((cookie) => [cookie.name, cookie.value]));
    return (method: 'PATCH' | 'POST', url: string, payload: Record<string, unknown>) =>
      t.app.inject({
        method,
        url,
        payload,
        remoteAddress: ip,
        cookies,
        headers: { 'x-csrf-token': cookies.csrf_token ?? '', 'accept-language': 'en' },
      });
  }

  it('limits visit reports per address', async () => {
    const { max, windowSeconds } = DEFAULT_AUTH_RATE_LIMITS.analyticsVisitPerIp;
    const send = await browserAt();
    for (let i = 0; i < max; i++) {
      expect((await send('PATCH', '/api/admin-panel/analytics', { visitCount: true })).statusCode).toBe(200);
    }
    const limited = await send('PATCH', '/api/admin-panel/analytics', { visitCount: true });
    expect(limited.statusCode).toBe(429);
    expect(limited.json<ApiErrorBody>().code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(windowSeconds);
    const other = await browserAt();
    expect((await other('PATCH', '/api/admin-panel/analytics', { visitCount: true })).statusCode).toBe(200);
  });

  it('limits profile view reports per address, an IPv6 /64 counting as one address', async () => {
    const profile = await createProfile(t.db);
    const { max } = DEFAULT_AUTH_RATE_LIMITS.analyticsViewPerIp;
    const URL = '/api/admin-panel/analytics/update-models-visit-count';
    for (let i = 0; i < max; i++) {
      // Each report from another address of one /64.
      const send = await browserAt(`2001:db8:5:5::${(i + 1).toString(16)}`);
      expect((await send('POST', URL, { modelId: profile.id })).statusCode).toBe(200);
    }
    const send = await browserAt('2001:db8:5:5:ffff::1');
    const limited = await send('POST', URL, { modelId: profile.id });
    expect(limited.statusCode).toBe(429);
    expect(limited.json<ApiErrorBody>().code).toBe('RATE_LIMITED');
  });
});

import type {
  AdminCounts,
  ApiErrorBody,
  ModerationClaimed,
  ModerationDetails,
  ModerationQueue,
} from 'contracts';
import type { AdminCampaign, AdminCampaignQueue } from 'contracts/campaigns';
import { and, count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { seedPrices } from '../../db/seed-prices';
import { adminActions, complaints, moderationClaims } from '../../db/schema';
import { sentProfile, signedInAdmin, signedInModel } from '../../testing/admin';
import { createCity, createProfile } from '../../testing/builders';
import { submittedCampaign } from '../../testing/campaigns';
import { testAppForFile } from '../../testing/create-test-app';
import { ensureClassicMassage } from '../../testing/profiles';

const t = testAppForFile({ rubPerUsd: 90 }, async ({ db }) => {
  await seedPrices(db);
  await ensureClassicMassage(db);
});

async function waitingProfile(): Promise<number> {
  const city = await createCity(t.db);
  const { agent } = await signedInModel(t);
  return sentProfile(t, agent, city.slug);
}

/** A text campaign an advertiser paid for and sent: it waits for moderation. */
async function waitingCampaign(): Promise<number> {
  return (await submittedCampaign(t)).id;
}

const claimRows = async (targetType: 'profile' | 'campaign', targetId: number) =>
  (
    await t.db
      .select({ n: count() })
      .from(moderationClaims)
      .where(and(eq(moderationClaims.targetType, targetType), eq(moderationClaims.targetId, targetId)))
  )[0]?.n ?? 0;

describe.each([
  ['profiles', 'profile', waitingProfile],
  ['campaigns', 'campaign', waitingCampaign],
] as const)('claims on moderation/%s', (path, targetType, waitingItem) => {
  const base = `/api/admin-panel/moderation/${path}`;

  it("claims an item for 5 minutes, shows the claim to everyone, and keeps others' hands off it", async () => {
    const id = await waitingItem();
    const { account: me, agent: mine } = await signedInAdmin(t);
    const { agent: other } = await signedInAdmin(t);

    const before = Date.now();
    const claimed = await mine.post(`${base}/${id}/claim`);
    expect(claimed.statusCode, claimed.body).toBe(200);
    const { claim } = claimed.json<ModerationClaimed>();
    expect(claim).toEqual({
      admin: { id: me.id, login: me.login, email: me.email },
      until: expect.any(String),
      mine: true,
    });
    const minutes = (Date.parse(claim.until) - before) / 60_000;
    expect(minutes).toBeGreaterThan(4.9);
    expect(minutes).toBeLessThan(5.1);

    // The queue and the details show it, `mine` for whoever asks.
    const queue = (await other.get(`${base}?perPage=100`)).json<ModerationQueue | AdminCampaignQueue>();
    const item = queue.items.find((entry) =>
      'campaign' in entry ? entry.campaign.id === id : entry.id === id,
    );
    expect(item?.claim).toEqual({ ...claim, mine: false });
    const details = (await mine.get(`${base}/${id}`)).json<ModerationDetails | AdminCampaign>();
    expect(details.claim).toEqual(claim);

    // Another administrator can neither claim it nor decide it.
    const taken = await other.post(`${base}/${id}/claim`);
    expect(taken.statusCode).toBe(409);
    expect(taken.json<ApiErrorBody>()).toMatchObject({
      code: 'CLAIMED',
      params: { by: me.login ?? me.email, until: claim.until },
    });
    const audit = (await t.db.select({ n: count() }).from(adminActions))[0]?.n;
    expect((await other.post(`${base}/${id}/approve`)).json<ApiErrorBody>().code).toBe('CLAIMED');
    const rejected = await other.post(`${base}/${id}/reject`, { reason: 'Нарушение правил' });
    expect(rejected.statusCode).toBe(409);
    expect(rejected.json<ApiErrorBody>().code).toBe('CLAIMED');
    expect((await t.db.select({ n: count() }).from(adminActions))[0]?.n).toBe(audit);

    // Releasing someone else's claim releases nothing.
    expect((await other.delete(`${base}/${id}/claim`)).statusCode).toBe(204);
    expect((await other.post(`${base}/${id}/claim`)).statusCode).toBe(409);

    // Claiming again renews my own claim.
    await t.db.execute(sql`update moderation_claims set until = now() + interval '1 minute'`);
    const renewed = (await mine.post(`${base}/${id}/claim`)).json<ModerationClaimed>();
    expect(Date.parse(renewed.claim.until)).toBeGreaterThan(Date.now() + 4 * 60_000);
  });

  it('lets the item go on release, and approval by the holder clears the claim', async () => {
    const id = await waitingItem();
    const { agent: mine } = await signedInAdmin(t);
    const { account: otherAccount, agent: other } = await signedInAdmin(t);

    expect((await mine.post(`${base}/${id}/claim`)).statusCode).toBe(200);
    const released = await mine.delete(`${base}/${id}/claim`);
    expect(released.statusCode).toBe(204);
    expect(released.body).toBe('');
    expect((await mine.delete(`${base}/${id}/claim`)).statusCode).toBe(204);
    const details = (await other.get(`${base}/${id}`)).json<ModerationDetails | AdminCampaign>();
    expect(details.claim).toBeNull();

    const claimed = (await other.post(`${base}/${id}/claim`)).json<ModerationClaimed>();
    expect(claimed.claim.admin.id).toBe(otherAccount.id);
    const approved = await other.post(`${base}/${id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await claimRows(targetType, id)).toBe(0);
    // Decided: nothing to claim any more.
    const late = await mine.post(`${base}/${id}/claim`);
    expect(late.statusCode).toBe(409);
    expect(late.json<ApiErrorBody>().code).toBe('TRANSITION_NOT_ALLOWED');
  });

  it('ignores an expired claim everywhere', async () => {
    const id = await waitingItem();
    const { agent: mine } = await signedInAdmin(t);
    const { agent: other } = await signedInAdmin(t);
    expect((await mine.post(`${base}/${id}/claim`)).statusCode).toBe(200);
    await t.db
      .update(moderationClaims)
      .set({ until: sql`now() - interval '1 second'` })
      .where(and(eq(moderationClaims.targetType, targetType), eq(moderationClaims.targetId, id)));

    expect((await other.get(`${base}/${id}`)).json<ModerationDetails | AdminCampaign>().claim).toBeNull();
    const rejected = await other.post(`${base}/${id}/reject`, { reason: 'Нарушение правил' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(await claimRows(targetType, id)).toBe(0);
  });

  it('gives an item to exactly one of two administrators claiming it at once', async () => {
    const { agent: a } = await signedInAdmin(t);
    const { agent: b } = await signedInAdmin(t);
    for (let round = 0; round < 3; round += 1) {
      const id = await waitingItem();
      const answers = await Promise.all([a.post(`${base}/${id}/claim`), b.post(`${base}/${id}/claim`)]);
      const codes = answers.map((answer) => answer.statusCode).sort();
      expect(codes, answers.map((answer) => answer.body).join(' ')).toEqual([200, 409]);
      expect(answers.find((answer) => answer.statusCode === 409)?.json<ApiErrorBody>().code).toBe('CLAIMED');
      expect(await claimRows(targetType, id)).toBe(1);
    }
  });

  it('answers 404 for an unknown item and 400 for a bad id', async () => {
    const { agent } = await signedInAdmin(t);
    expect((await agent.post(`${base}/999999999/claim`)).statusCode).toBe(404);
    expect((await agent.delete(`${base}/999999999/claim`)).statusCode).toBe(404);
    const bad = await agent.post(`${base}/abc/claim`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json<ApiErrorBody>().code).toBe('VALIDATION_FAILED');
  });
});

describe('GET /api/admin-panel/counts', () => {
  it('counts profiles and campaigns waiting for moderation and profiles with open complaints', async () => {
    const { agent } = await signedInAdmin(t);
    const counts = async () => {
      const response = await agent.get('/api/admin-panel/counts');
      expect(response.statusCode).toBe(200);
      return response.json<AdminCounts>();
    };
    const before = await counts();

    await waitingProfile();
    await waitingCampaign();
    const complained = await createProfile(t.db);
    for (const visitorKey of ['a', 'b']) {
      await t.db.insert(complaints).values({
        profileId: complained.id,
        reason: 'fake_photos',
        visitorKey,
        day: '2025-01-01',
      });
    }

    expect(await counts()).toEqual({
      profiles: before.profiles + 1,
      campaigns: before.campaigns + 1,
      complaints: before.complaints + 1,
    });
  });
});

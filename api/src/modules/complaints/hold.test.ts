import type { ModelListResponse } from 'contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { complaints, modelProfiles } from '../../db/schema';
import { analyticsDay } from '../../lib/visitor';
import { signedInAdmin } from '../../testing/admin';
import { createCity, createProfile } from '../../testing/builders';
import { testAppForFile } from '../../testing/create-test-app';
import { agentAt } from '../../testing/visitor';
import { DEFAULT_COMPLAINT_HOLD_THRESHOLD } from './hold';

// A long-lived listing cache: a hold and its dismissal must clear it to be seen at all.
const t = testAppForFile({ listingCacheMs: 60_000 });

let addresses = 0;
/** A visitor of its own, on an address of its own (complaints are also limited per address). */
const visitor = () => agentAt(t.app, `192.0.2.${++addresses}`);

const complain = (profileId: number) =>
  visitor().post(`/api/model/${profileId}/complaints`, { reason: 'scam' });

async function visible(profileId: number, citySlug: string) {
  const list = await t.app.inject({ method: 'GET', url: `/api/model?city=${citySlug}` });
  const page = await t.app.inject({ method: 'GET', url: `/api/model/${profileId}` });
  return {
    listed: (list.json() as ModelListResponse).items.some((item) => item.id === profileId),
    page: page.statusCode,
  };
}

async function listedProfile() {
  const city = await createCity(t.db);
  const profile = await createProfile(t.db, { cityId: city.id });
  expect(await visible(profile.id, city.slug)).toEqual({ listed: true, page: 200 });
  return { city, profile };
}

const heldAtOf = async (profileId: number) =>
  (await t.db.select().from(modelProfiles).where(eq(modelProfiles.id, profileId)))[0]?.heldAt ?? null;

describe(`complaints from ${DEFAULT_COMPLAINT_HOLD_THRESHOLD} distinct visitors in a day`, () => {
  it('keep a profile listed at one visitor fewer', async () => {
    const { city, profile } = await listedProfile();
    for (let i = 1; i < DEFAULT_COMPLAINT_HOLD_THRESHOLD; i++) {
      expect((await complain(profile.id)).statusCode).toBe(201);
    }
    expect(await visible(profile.id, city.slug)).toEqual({ listed: true, page: 200 });
    expect(await heldAtOf(profile.id)).toBeNull();
  });

  it('hide it from the listing and its page until reviewed; dismissing lists it again', async () => {
    const { city, profile } = await listedProfile();
    for (let i = 0; i < DEFAULT_COMPLAINT_HOLD_THRESHOLD; i++) {
      expect((await complain(profile.id)).statusCode).toBe(201);
    }
    expect(await heldAtOf(profile.id)).not.toBeNull();
    expect(await visible(profile.id, city.slug)).toEqual({ listed: false, page: 410 });
    // Hidden, so nobody else can complain about it.
    expect((await complain(profile.id)).statusCode).toBe(404);

    const { agent: admin } = await signedInAdmin(t);
    const dismissed = await admin.post(`/api/admin-panel/complaints/profiles/${profile.id}/dismiss`);
    expect(dismissed.statusCode).toBe(200);
    expect(dismissed.json()).toMatchObject({ heldAt: null, openComplaints: 0 });
    expect(await visible(profile.id, city.slug)).toEqual({ listed: true, page: 200 });

    // Dismissed complaints no longer count: one more visitor the same day does not hold it again.
    expect((await complain(profile.id)).statusCode).toBe(201);
    expect(await heldAtOf(profile.id)).toBeNull();
  });

  it('hold it when they all arrive at once', async () => {
    const { city, profile } = await listedProfile();
    const statuses = await Promise.all(
      Array.from({ length: DEFAULT_COMPLAINT_HOLD_THRESHOLD }, () => complain(profile.id)),
    );
    expect(statuses.map((response) => response.statusCode)).toEqual(
      Array(DEFAULT_COMPLAINT_HOLD_THRESHOLD).fill(201),
    );
    expect(await visible(profile.id, city.slug)).toEqual({ listed: false, page: 410 });
  });

  it('count only the day: complaints of other days do not add up', async () => {
    const { city, profile } = await listedProfile();
    const yesterday = analyticsDay(new Date(Date.now() - 86_400_000));
    await t.db.insert(complaints).values(
      Array.from({ length: DEFAULT_COMPLAINT_HOLD_THRESHOLD }, (_, i) => ({
        profileId: profile.id,
        reason: 'scam' as const,
        visitorKey: `earlier-${i}`,
        day: yesterday,
      })),
    );
    expect((await complain(profile.id)).statusCode).toBe(201);
    expect(await visible(profile.id, city.slug)).toEqual({ listed: true, page: 200 });
  });
});

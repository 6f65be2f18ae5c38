import type { ModelListResponse } from 'contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { complaints, modelProfiles } from '../../db/schema';
import { analyticsDay } from '../../lib/visitor';
import { signedInAdmin } from '../../testing/admin';
import { createAccount, createCity, createProfile } from '../../testing/builders';
import { testAppForFile } from '../../testing/create-test-app';
import { agentAt } from '../../testing/visitor';
import { DEFAULT_COMPLAINT_HOLD_THRESHOLD, GUEST_COMPLAINTS_PER_REGISTERED } from './hold';

// A long-lived listing cache: a hold and its dismissal must clear it to be seen at all.
const t = testAppForFile({ listingCacheMs: 60_000 });

let addresses = 0;
/** An address of its own (each is its own client network), IPv4 or, every other one, an IPv6 /64. */
const nextAddress = () => {
  addresses += 1;
  return addresses % 2 ? `192.0.2.${addresses}` : `2001:db8:${addresses.toString(16)}::1`;
};

/** A guest (a fresh visitor cookie) on a network of its own, or on `address`. */
const guest = (address = nextAddress()) => agentAt(t.app, address);

/** A signed-in visitor (an advertiser's account) on a network of its own, or on `address`. */
async function registered(address = nextAddress()) {
  const agent = agentAt(t.app, address);
  await agent.signInAs((await createAccount(t.db, { accountType: 'advister' })).id);
  return agent;
}

const complainAs = (agent: ReturnType<typeof agentAt>, profileId: number) =>
  agent.post(`/api/model/${profileId}/complaints`, { reason: 'scam' });
const complain = (profileId: number) => complainAs(guest(), profileId);

async function registeredComplaints(profileId: number, count: number) {
  for (let i = 0; i < count; i++) {
    expect((await complainAs(await registered(), profileId)).statusCode).toBe(201);
  }
}

async function guestComplaints(profileId: number, count: number) {
  for (let i = 0; i < count; i++) expect((await complain(profileId)).statusCode).toBe(201);
}

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

const GUEST_NETWORKS = DEFAULT_COMPLAINT_HOLD_THRESHOLD * GUEST_COMPLAINTS_PER_REGISTERED;

describe(`complaints from ${DEFAULT_COMPLAINT_HOLD_THRESHOLD} signed-in visitors, or guests from ${GUEST_NETWORKS} networks, in a day`, () => {
  it('keep a profile listed at one signed-in visitor fewer', async () => {
    const { city, profile } = await listedProfile();
    await registeredComplaints(profile.id, DEFAULT_COMPLAINT_HOLD_THRESHOLD - 1);
    expect(await visible(profile.id, city.slug)).toEqual({ listed: true, page: 200 });
    expect(await heldAtOf(profile.id)).toBeNull();
  });

  it('hide it from the listing and its page until reviewed; dismissing lists it again', async () => {
    const { city, profile } = await listedProfile();
    await registeredComplaints(profile.id, DEFAULT_COMPLAINT_HOLD_THRESHOLD);
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
    await registeredComplaints(profile.id, 1);
    expect(await heldAtOf(profile.id)).toBeNull();
  });

  it('hold it when they all arrive at once', async () => {
    const { city, profile } = await listedProfile();
    const visitors = await Promise.all(
      Array.from({ length: DEFAULT_COMPLAINT_HOLD_THRESHOLD }, () => registered()),
    );
    const statuses = await Promise.all(visitors.map((visitor) => complainAs(visitor, profile.id)));
    expect(statuses.map((response) => response.statusCode)).toEqual(
      Array(DEFAULT_COMPLAINT_HOLD_THRESHOLD).fill(201),
    );
    expect(await visible(profile.id, city.slug)).toEqual({ listed: false, page: 410 });
  });

  it('keep it listed for guests from one network fewer than twenty, and hold it at twenty', async () => {
    const { city, profile } = await listedProfile();
    await guestComplaints(profile.id, GUEST_NETWORKS - 1);
    expect(await visible(profile.id, city.slug)).toEqual({ listed: true, page: 200 });
    await guestComplaints(profile.id, 1);
    expect(await visible(profile.id, city.slug)).toEqual({ listed: false, page: 410 });
  });

  it('weigh a guest a quarter of a signed-in visitor: four signed-in and four guests hold it', async () => {
    const { city, profile } = await listedProfile();
    await registeredComplaints(profile.id, DEFAULT_COMPLAINT_HOLD_THRESHOLD - 1);
    await guestComplaints(profile.id, GUEST_COMPLAINTS_PER_REGISTERED - 1);
    expect(await visible(profile.id, city.slug)).toEqual({ listed: true, page: 200 });
    await guestComplaints(profile.id, 1);
    expect(await visible(profile.id, city.slug)).toEqual({ listed: false, page: 410 });
  });

  it('count a script on one address once, however many visitor cookies it makes (the reported attack)', async () => {
    const { city, profile } = await listedProfile();
    const statuses: number[] = [];
    // Each pass a new visitor: no cookie kept between them.
    for (let i = 0; i < 25; i++)
      statuses.push((await complainAs(guest('198.51.100.7'), profile.id)).statusCode);
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(201));
    expect(statuses.slice(20)).toEqual(Array(5).fill(429));
    expect(await visible(profile.id, city.slug)).toEqual({ listed: true, page: 200 });
    expect(await heldAtOf(profile.id)).toBeNull();
  });

  it('count addresses of one IPv6 /64 as one network, for the hold and for the hourly limit', async () => {
    const { city, profile } = await listedProfile();
    for (let i = 1; i <= 20; i++) {
      expect((await complainAs(guest(`2001:db8:77:1::${i.toString(16)}`), profile.id)).statusCode).toBe(201);
    }
    // The /64's hourly 20 are spent, whichever address of it asks next.
    expect((await complainAs(guest('2001:db8:77:1:ffff::1'), profile.id)).statusCode).toBe(429);
    expect(await visible(profile.id, city.slug)).toEqual({ listed: true, page: 200 });
  });

  it("count one person's accounts behind one connection once", async () => {
    const { city, profile } = await listedProfile();
    for (let i = 0; i < DEFAULT_COMPLAINT_HOLD_THRESHOLD + 2; i++) {
      expect((await complainAs(await registered('203.0.113.9'), profile.id)).statusCode).toBe(201);
    }
    expect(await visible(profile.id, city.slug)).toEqual({ listed: true, page: 200 });
  });

  it('count only the day: complaints of other days do not add up', async () => {
    const { city, profile } = await listedProfile();
    const yesterday = analyticsDay(new Date(Date.now() - 86_400_000));
    const accounts = await Promise.all(
      Array.from({ length: DEFAULT_COMPLAINT_HOLD_THRESHOLD }, () =>
        createAccount(t.db, { accountType: 'advister' }),
      ),
    );
    await t.db.insert(complaints).values(
      accounts.map((account, i) => ({
        profileId: profile.id,
        reason: 'scam' as const,
        visitorKey: `earlier-${i}`,
        networkKey: `earlier-network-${i}`,
        accountId: account.id,
        day: yesterday,
      })),
    );
    await registeredComplaints(profile.id, 1);
    expect(await visible(profile.id, city.slug)).toEqual({ listed: true, page: 200 });
  });
});

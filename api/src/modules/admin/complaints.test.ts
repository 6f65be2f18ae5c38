import type { AdminProfile, ApiErrorBody, ComplaintQueue, ProfileComplaints } from 'contracts';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminActions, complaints } from '../../db/schema';
import { analyticsDay } from '../../lib/visitor';
import { signedInAdmin } from '../../testing/admin';
import { createAccount, createProfile } from '../../testing/builders';
import { testAppForFile } from '../../testing/create-test-app';
import { agentAt } from '../../testing/visitor';

// A low threshold, passed through the app's option, so that a hold takes two visitors here.
const t = testAppForFile({ complaintHoldThreshold: 2 });

const auditRows = async () => (await t.db.select({ n: count() }).from(adminActions))[0]?.n ?? 0;

async function complain(profileId: number, visitors: string[], reason: 'scam' | 'offensive' = 'scam') {
  for (const visitorKey of visitors) {
    await t.db.insert(complaints).values({ profileId, reason, visitorKey, day: analyticsDay() });
  }
}

async function queue(admin: Awaited<ReturnType<typeof signedInAdmin>>['agent']) {
  const response = await admin.get('/api/admin-panel/complaints?perPage=100');
  expect(response.statusCode).toBe(200);
  return response.json() as ComplaintQueue;
}

describe('GET /api/admin-panel/complaints', () => {
  it('lists profiles with open complaints: held first, then by count, with reasons and distinct visitors', async () => {
    const { agent: admin } = await signedInAdmin(t);
    const [few, many, held, settled] = [
      await createProfile(t.db),
      await createProfile(t.db),
      await createProfile(t.db),
      await createProfile(t.db),
    ];
    await complain(few.id, ['a']);
    await complain(many.id, ['a', 'b'], 'scam');
    await complain(many.id, ['c'], 'offensive');
    // The hold itself comes through the public route, with the threshold of this app (2 signed-in
    // visitors on networks of their own).
    for (const address of ['198.51.100.1', '198.51.100.2']) {
      const visitor = agentAt(t.app, address);
      await visitor.signInAs((await createAccount(t.db, { accountType: 'advister' })).id);
      const sent = await visitor.post(`/api/model/${held.id}/complaints`, {
        reason: 'fake_photos',
      });
      expect(sent.statusCode).toBe(201);
    }
    await t.db.insert(complaints).values({
      profileId: settled.id,
      reason: 'scam',
      visitorKey: 'x',
      day: analyticsDay(),
      status: 'dismissed',
    });

    const mine = (await queue(admin)).items.filter((item) =>
      [few.id, many.id, held.id, settled.id].includes(item.profile.id),
    );
    expect(mine.map((item) => item.profile.id)).toEqual([held.id, many.id, few.id]);
    expect(mine[0]).toMatchObject({
      profile: { id: held.id, heldAt: expect.any(String), openComplaints: 2 },
      count: 2,
      visitors: 2,
      reasons: { fake_photos: 2, scam: 0 },
    });
    expect(mine[1]).toMatchObject({
      count: 3,
      visitors: 3,
      reasons: { scam: 2, offensive: 1, fake_photos: 0, wrong_contacts: 0, underage_suspected: 0, other: 0 },
      latestAt: expect.any(String),
    });
  });
});

describe('the complaints of one profile', () => {
  it('are listed newest first, open or not, with a short visitor tag', async () => {
    const { agent: admin } = await signedInAdmin(t);
    const profile = await createProfile(t.db);
    await t.db.insert(complaints).values([
      {
        profileId: profile.id,
        reason: 'scam',
        visitorKey: 'a'.repeat(64),
        day: '2025-03-01',
        status: 'dismissed',
      },
      {
        profileId: profile.id,
        reason: 'other',
        text: 'Не отвечает',
        visitorKey: 'b'.repeat(64),
        day: '2025-03-02',
      },
    ]);
    const response = await admin.get(`/api/admin-panel/complaints/profiles/${profile.id}`);
    expect(response.statusCode).toBe(200);
    const body = response.json() as ProfileComplaints;
    expect(body).toMatchObject({ profile: { id: profile.id, openComplaints: 1 }, total: 2 });
    expect(body.items.map((item) => [item.reason, item.status, item.visitor, item.text])).toEqual([
      ['other', 'new', 'bbbbbbbb', 'Не отвечает'],
      ['scam', 'dismissed', 'aaaaaaaa', null],
    ]);
    expect((await admin.get('/api/admin-panel/complaints/profiles/999999999')).statusCode).toBe(404);
  });

  it('are dismissed together with one audit line; with nothing open it is a 409', async () => {
    const { account: moderator, agent: admin } = await signedInAdmin(t);
    const profile = await createProfile(t.db);
    await complain(profile.id, ['a', 'b']);
    const before = await auditRows();

    const response = await admin.post(`/api/admin-panel/complaints/profiles/${profile.id}/dismiss`);
    expect(response.statusCode).toBe(200);
    expect(response.json<AdminProfile>()).toMatchObject({ openComplaints: 0, heldAt: null });
    const statuses = await t.db
      .select({ status: complaints.status })
      .from(complaints)
      .where(eq(complaints.profileId, profile.id));
    expect(statuses.map((row) => row.status)).toEqual(['dismissed', 'dismissed']);
    expect(await auditRows()).toBe(before + 1);
    const [line] = await t.db.select().from(adminActions).where(eq(adminActions.targetId, profile.id));
    expect(line).toMatchObject({
      adminId: moderator.id,
      action: 'complaints.dismiss',
      targetType: 'profile',
      details: { complaints: expect.any(Array), wasHeld: false },
    });

    const again = await admin.post(`/api/admin-panel/complaints/profiles/${profile.id}/dismiss`);
    expect(again.statusCode).toBe(409);
    expect(again.json<ApiErrorBody>().code).toBe('CONFLICT');
    expect((await admin.post('/api/admin-panel/complaints/profiles/999999999/dismiss')).statusCode).toBe(404);
    expect(await auditRows()).toBe(before + 1);
  });
});

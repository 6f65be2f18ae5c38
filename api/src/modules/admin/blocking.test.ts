import type {
  AdminAccountDetails,
  AdminProfile,
  ApiErrorBody,
  ModelListResponse,
  NotificationListResponse,
  OwnProfile,
} from 'contracts';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { seedPrices } from '../../db/seed-prices';
import { adminActions, complaints, liveStreams, modelProfiles } from '../../db/schema';
import { signedInAdmin, signedInModel } from '../../testing/admin';
import { type Agent, createAgent } from '../../testing/agent';
import { createAccount, createCity, createProfile } from '../../testing/builders';
import { testAppForFile } from '../../testing/create-test-app';
import { completeDraft } from '../../testing/profiles';

// The model's own profile answers carry the month's price.
const t = testAppForFile({}, ({ db }) => seedPrices(db));

const auditRows = async () => (await t.db.select({ n: count() }).from(adminActions))[0]?.n ?? 0;

async function listed(city: string): Promise<number[]> {
  const response = await t.app.inject({ method: 'GET', url: `/api/model?city=${city}` });
  return (response.json() as ModelListResponse).items.map((item) => item.id);
}

const pageOf = (id: number) => t.app.inject({ method: 'GET', url: `/api/model/${id}` });

async function latestNotification(agent: Agent) {
  return ((await agent.get('/api/notifications')).json() as NotificationListResponse).items[0];
}

/** A model with a listed profile (broadcasting now) and a draft. */
async function modelWithProfiles() {
  const city = await createCity(t.db);
  const { account, agent } = await signedInModel(t);
  const listedProfile = await createProfile(t.db, { accountId: account.id, cityId: city.id });
  const draft = await createProfile(t.db, {
    accountId: account.id,
    cityId: city.id,
    status: 'draft',
    revision: { name: 'Черновик', category: 'elite' },
  });
  // After the start, which ends every stream left open (restarted).
  await t.app.ready();
  await t.db
    .insert(liveStreams)
    .values({ profileId: listedProfile.id, accountId: account.id, channelId: 'blockingtest0001' });
  return { city, account, agent, listedProfile, draft };
}

describe('blocking a model account', () => {
  it('hides every profile, ends her broadcast, tells her why and writes one audit line', async () => {
    const { account: moderator, agent: admin } = await signedInAdmin(t);
    const { city, account, agent, listedProfile, draft } = await modelWithProfiles();
    expect(await listed(city.slug)).toEqual([listedProfile.id]);
    const before = await auditRows();

    const response = await admin.post(`/api/admin-panel/accounts/${account.id}/block`, {
      reason: 'Повторные нарушения правил',
    });
    expect(response.statusCode).toBe(200);
    const details = response.json<AdminAccountDetails>();
    expect(details.account).toMatchObject({
      id: account.id,
      blockedAt: expect.any(String),
      blockComment: 'Повторные нарушения правил',
    });
    expect(details.profiles.map((profile) => [profile.id, profile.status, profile.blockSource])).toEqual(
      expect.arrayContaining([
        [listedProfile.id, 'cancel', 'account'],
        [draft.id, 'cancel', 'account'],
      ]),
    );

    expect(await listed(city.slug)).toEqual([]);
    // It was published: its page is gone (410), not missing.
    expect((await pageOf(listedProfile.id)).statusCode).toBe(410);
    const [stream] = await t.db.select().from(liveStreams).where(eq(liveStreams.profileId, listedProfile.id));
    expect(stream?.endedAt).not.toBeNull();
    expect(stream?.endReason).toBe('blocked');
    expect(await latestNotification(agent)).toMatchObject({
      kind: 'account_blocked',
      params: { comment: 'Повторные нарушения правил' },
    });
    expect(await auditRows()).toBe(before + 1);
    const [line] = await t.db.select().from(adminActions).where(eq(adminActions.targetId, account.id));
    expect(line).toMatchObject({
      adminId: moderator.id,
      action: 'account.block',
      targetType: 'account',
      reason: 'Повторные нарушения правил',
      details: { profiles: expect.arrayContaining([listedProfile.id, draft.id]) },
    });
  });

  it('lets her sign in and see the reason, and refuses every change she tries with 409', async () => {
    const { agent: admin } = await signedInAdmin(t);
    const { city, account, agent, listedProfile } = await modelWithProfiles();
    await admin.post(`/api/admin-panel/accounts/${account.id}/block`, { reason: 'Нарушение правил' });

    const login = await createAgent(t.app).post('/api/auth/login', {
      email: account.email,
      password: account.password,
    });
    expect(login.statusCode).toBe(200);
    expect((await agent.get('/api/profile')).statusCode).toBe(200);

    const own = (await agent.get(`/api/profiles/${listedProfile.id}`)).json() as OwnProfile;
    expect(own).toMatchObject({ status: 'cancel', blockReason: 'Нарушение правил', actions: [] });
    const id = listedProfile.id;
    const changes = [
      () => agent.put(`/api/profiles/${id}`, completeDraft(city.slug, { name: 'Другое' })),
      () => agent.post(`/api/profiles/${id}/submit`),
      () => agent.post(`/api/profiles/${id}/extend`),
      () => agent.post(`/api/profiles/${id}/deactivate`),
      () => agent.post(`/api/profiles/${id}/activate`),
      () => agent.delete(`/api/profiles/${id}`),
    ];
    for (const change of changes) {
      const response = await change();
      expect(response.statusCode).toBe(409);
      expect(response.json<ApiErrorBody>().code).toBe('TRANSITION_NOT_ALLOWED');
    }
    const [row] = await t.db.select().from(modelProfiles).where(eq(modelProfiles.id, id));
    expect(row).toMatchObject({ status: 'active', name: 'Анна', isBlocked: true });
  });

  it('refuses a second block, administrators, advertisers and unknown accounts, writing nothing', async () => {
    const { agent: admin } = await signedInAdmin(t);
    const { account } = await modelWithProfiles();
    const otherAdmin = await createAccount(t.db, { role: 'admin' });
    const advertiser = await createAccount(t.db, { accountType: 'advister' });
    const block = (id: number, reason: unknown = 'Нарушение') =>
      admin.post(`/api/admin-panel/accounts/${id}/block`, { reason });
    await block(account.id);
    const before = await auditRows();

    const cases: [number, number, string][] = [
      [account.id, 409, 'CONFLICT'],
      [otherAdmin.id, 409, 'NOT_BLOCKABLE'],
      [advertiser.id, 409, 'NOT_BLOCKABLE'],
      [999_999_999, 404, 'USER_NOT_FOUND'],
    ];
    for (const [id, status, code] of cases) {
      const response = await block(id);
      expect(response.statusCode, String(id)).toBe(status);
      expect(response.json<ApiErrorBody>().code).toBe(code);
    }
    const blank = await block(advertiser.id, ' ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json<ApiErrorBody>().fields).toEqual({ reason: 'validation.reasonRequired' });
    expect(await auditRows()).toBe(before);
  });

  it('unblocks the account and the profiles blocked with it; one blocked on its own stays blocked', async () => {
    const { agent: admin } = await signedInAdmin(t);
    const { city, account, agent, listedProfile } = await modelWithProfiles();
    const ownBlock = await createProfile(t.db, { accountId: account.id, cityId: city.id });
    await admin.post(`/api/admin-panel/profiles/${ownBlock.id}/block`, { reason: 'Чужие фото' });
    await admin.post(`/api/admin-panel/accounts/${account.id}/block`, { reason: 'Нарушение' });
    const before = await auditRows();

    const response = await admin.post(`/api/admin-panel/accounts/${account.id}/unblock`);
    expect(response.statusCode).toBe(200);
    const details = response.json<AdminAccountDetails>();
    expect(details.account).toMatchObject({ blockedAt: null, blockComment: null });
    const state = new Map(details.profiles.map((profile) => [profile.id, profile]));
    expect(state.get(listedProfile.id)).toMatchObject({
      status: 'active',
      isBlocked: false,
      blockSource: null,
    });
    expect(state.get(ownBlock.id)).toMatchObject({
      status: 'cancel',
      lifecycleStatus: 'active',
      blockSource: 'profile',
      blockReason: 'Чужие фото',
    });
    expect(await listed(city.slug)).toEqual([listedProfile.id]);
    expect(await latestNotification(agent)).toMatchObject({ kind: 'account_unblocked' });
    expect(await auditRows()).toBe(before + 1);

    const again = await admin.post(`/api/admin-panel/accounts/${account.id}/unblock`);
    expect(again.statusCode).toBe(409);
    expect(again.json<ApiErrorBody>().code).toBe('CONFLICT');
    expect(await auditRows()).toBe(before + 1);
  });
});

describe('blocking a single profile', () => {
  it('hides it, resolves its open complaints, ends its broadcast and tells the owner; unblocking lists it again', async () => {
    const { agent: admin } = await signedInAdmin(t);
    const { city, agent, listedProfile } = await modelWithProfiles();
    await t.db.insert(complaints).values([
      { profileId: listedProfile.id, reason: 'scam', visitorKey: 'a', day: '2025-03-01' },
      { profileId: listedProfile.id, reason: 'fake_photos', visitorKey: 'b', day: '2025-03-01' },
    ]);
    const before = await auditRows();

    const blocked = await admin.post(`/api/admin-panel/profiles/${listedProfile.id}/block`, {
      reason: 'Фото из чужой анкеты',
    });
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json<AdminProfile>()).toMatchObject({
      status: 'cancel',
      blockSource: 'profile',
      blockReason: 'Фото из чужой анкеты',
      openComplaints: 0,
    });
    expect(await listed(city.slug)).toEqual([]);
    const statuses = await t.db
      .select({ status: complaints.status })
      .from(complaints)
      .where(eq(complaints.profileId, listedProfile.id));
    expect(statuses.map((row) => row.status)).toEqual(['resolved', 'resolved']);
    const [stream] = await t.db.select().from(liveStreams).where(eq(liveStreams.profileId, listedProfile.id));
    expect(stream?.endedAt).not.toBeNull();
    expect(stream?.endReason).toBe('blocked');
    expect(await latestNotification(agent)).toMatchObject({
      kind: 'profile_blocked',
      params: { profileName: 'Анна', comment: 'Фото из чужой анкеты' },
    });

    const twice = await admin.post(`/api/admin-panel/profiles/${listedProfile.id}/block`, { reason: 'Ещё' });
    expect(twice.statusCode).toBe(409);

    const unblocked = await admin.post(`/api/admin-panel/profiles/${listedProfile.id}/unblock`);
    expect(unblocked.statusCode).toBe(200);
    expect(unblocked.json<AdminProfile>()).toMatchObject({
      status: 'active',
      isBlocked: false,
      blockReason: null,
    });
    expect(await listed(city.slug)).toEqual([listedProfile.id]);
    expect(await latestNotification(agent)).toMatchObject({
      kind: 'profile_unblocked',
      params: { profileName: 'Анна' },
    });
    expect(await auditRows()).toBe(before + 2);

    const notBlocked = await admin.post(`/api/admin-panel/profiles/${listedProfile.id}/unblock`);
    expect(notBlocked.statusCode).toBe(409);
    expect(notBlocked.json<ApiErrorBody>().code).toBe('CONFLICT');
    expect((await admin.post('/api/admin-panel/profiles/999999999/unblock')).statusCode).toBe(404);
    expect(await auditRows()).toBe(before + 2);
  });

  it('refuses to unblock a profile blocked with its account, and keeps one blocked with the account', async () => {
    const { agent: admin } = await signedInAdmin(t);
    const { account, listedProfile, draft } = await modelWithProfiles();
    await admin.post(`/api/admin-panel/profiles/${draft.id}/block`, { reason: 'Свой повод' });
    await admin.post(`/api/admin-panel/accounts/${account.id}/block`, { reason: 'Общий повод' });

    const withAccount = await admin.post(`/api/admin-panel/profiles/${listedProfile.id}/unblock`);
    expect(withAccount.statusCode).toBe(409);
    expect(withAccount.json<ApiErrorBody>().code).toBe('BLOCKED_WITH_ACCOUNT');

    // Its own block lifted, the account's still holds it.
    const own = await admin.post(`/api/admin-panel/profiles/${draft.id}/unblock`);
    expect(own.statusCode).toBe(200);
    expect(own.json<AdminProfile>()).toMatchObject({
      status: 'cancel',
      blockSource: 'account',
      blockReason: 'Общий повод',
    });
    await admin.post(`/api/admin-panel/accounts/${account.id}/unblock`);
    const [row] = await t.db.select().from(modelProfiles).where(eq(modelProfiles.id, draft.id));
    expect(row).toMatchObject({ isBlocked: false, blockSource: null });
  });
});

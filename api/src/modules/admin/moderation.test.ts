import type {
  AdminProfile,
  ApiErrorBody,
  ModelListResponse,
  ModerationDetails,
  ModerationQueue,
  NotificationListResponse,
} from 'contracts';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { seedPrices } from '../../db/seed-prices';
import { adminActions, media } from '../../db/schema';
import { sentProfile, signedInAdmin, signedInModel } from '../../testing/admin';
import { createCity } from '../../testing/builders';
import { testAppForFile } from '../../testing/create-test-app';
import { addDraftPhoto, completeDraft, ensureClassicMassage } from '../../testing/profiles';

const t = testAppForFile({ rubPerUsd: 90 }, async ({ db }) => {
  await seedPrices(db);
  await ensureClassicMassage(db);
});

const auditOf = (profileId: number) =>
  t.db.select().from(adminActions).where(eq(adminActions.targetId, profileId));
const auditRows = async () => (await t.db.select({ n: count() }).from(adminActions))[0]?.n ?? 0;

async function listed(city: string): Promise<number[]> {
  const response = await t.app.inject({ method: 'GET', url: `/api/model?city=${city}` });
  return (response.json() as ModelListResponse).items.map((item) => item.id);
}

async function queue(agent: Awaited<ReturnType<typeof signedInAdmin>>['agent'], query = 'perPage=100') {
  const response = await agent.get(`/api/admin-panel/moderation/profiles?${query}`);
  expect(response.statusCode).toBe(200);
  return response.json() as ModerationQueue;
}

describe('the moderation queue', () => {
  it('lists new profiles and edits of approved ones, oldest submission first, with what each edit changes', async () => {
    const city = await createCity(t.db);
    const { agent: admin } = await signedInAdmin(t);
    const { account: vera, agent: owner } = await signedInModel(t);
    const edited = await sentProfile(t, owner, city.slug);
    expect((await admin.post(`/api/admin-panel/moderation/profiles/${edited}/approve`)).statusCode).toBe(200);
    const [approvedPhoto] = await t.db.select().from(media).where(eq(media.profileId, edited));
    const fresh = await sentProfile(t, owner, city.slug, { name: 'Ника' });

    // The approved profile changes its name, hour price and text, drops its photo and adds two.
    await owner.put(
      `/api/profiles/${edited}`,
      completeDraft(city.slug, {
        name: 'Вера Новая',
        prices: { hour: 6000, twoHours: 9000, night: null },
        description: 'Новый текст',
      }),
    );
    const added = [await addDraftPhoto(t.db, edited, 2), await addDraftPhoto(t.db, edited, 3)];
    await t.db
      .update(media)
      .set({ inRevision: false })
      .where(eq(media.id, approvedPhoto?.id ?? 0));
    expect((await owner.post(`/api/profiles/${edited}/submit`)).statusCode).toBe(200);

    const mine = (await queue(admin)).items.filter((item) => [edited, fresh].includes(item.id));
    expect(mine).toEqual([
      {
        id: fresh,
        owner: { id: vera.id, email: vera.email },
        name: 'Ника',
        city: { slug: city.slug, name: { ru: city.nameRu, en: city.nameEn } },
        submittedAt: expect.any(String),
        firstPublication: true,
        changes: null,
        claim: null,
      },
      {
        id: edited,
        owner: { id: vera.id, email: vera.email },
        name: 'Вера Новая',
        city: { slug: city.slug, name: { ru: city.nameRu, en: city.nameEn } },
        submittedAt: expect.any(String),
        firstPublication: false,
        changes: {
          fields: ['name', 'prices.hour', 'description'],
          mediaAdded: added,
          mediaRemoved: [approvedPhoto?.id],
          mediaReordered: false,
        },
        claim: null,
      },
    ]);
  });

  it('pages the queue', async () => {
    const city = await createCity(t.db);
    const { agent: admin } = await signedInAdmin(t);
    const { agent: owner } = await signedInModel(t);
    await sentProfile(t, owner, city.slug);
    await sentProfile(t, owner, city.slug);
    const all = await queue(admin);
    expect(all.total).toBeGreaterThanOrEqual(2);
    const second = await queue(admin, 'page=2&perPage=1');
    expect(second).toMatchObject({ page: 2, perPage: 1, total: all.total, pageCount: all.total });
    expect(second.items.map((item) => item.id)).toEqual([all.items[1]?.id]);
    const bad = await admin.get('/api/admin-panel/moderation/profiles?perPage=101');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<ApiErrorBody>().fields).toEqual({ perPage: 'validation.invalidPerPage' });
  });

  it('shows the submitted version beside the approved one, with the files of each', async () => {
    const city = await createCity(t.db);
    const { agent: admin } = await signedInAdmin(t);
    const { account, agent: owner } = await signedInModel(t);
    const id = await sentProfile(t, owner, city.slug);
    const first = (await admin.get(`/api/admin-panel/moderation/profiles/${id}`)).json() as ModerationDetails;
    expect(first).toMatchObject({
      profile: { id, status: 'pending', accountId: account.id },
      owner: { id: account.id, email: account.email },
      waiting: true,
      firstPublication: true,
      submitted: { name: 'Вера', city: city.slug, age: 27 },
      approved: null,
      approvedMedia: [],
      changes: null,
    });
    // Not public yet, shown to the moderator all the same.
    expect(first.submittedMedia).toEqual([expect.objectContaining({ kind: 'photo', approved: false })]);

    await admin.post(`/api/admin-panel/moderation/profiles/${id}/approve`);
    await owner.put(`/api/profiles/${id}`, completeDraft(city.slug, { age: 30 }));
    await owner.post(`/api/profiles/${id}/submit`);
    const edit = (await admin.get(`/api/admin-panel/moderation/profiles/${id}`)).json() as ModerationDetails;
    expect(edit).toMatchObject({
      profile: { status: 'active', review: 'pending' },
      waiting: true,
      firstPublication: false,
      submitted: { age: 30 },
      approved: { age: 27, name: 'Вера', city: city.slug },
      changes: { fields: ['age'], mediaAdded: [], mediaRemoved: [], mediaReordered: false },
    });
    expect(edit.approvedMedia).toEqual([expect.objectContaining({ approved: true })]);
    expect((await admin.get('/api/admin-panel/moderation/profiles/999999999')).statusCode).toBe(404);
  });
});

describe('a profile without the optional fields', () => {
  it('is sent and reviewed without them; an edit that clears or fills them shows in the diff', async () => {
    const city = await createCity(t.db);
    const { agent: admin } = await signedInAdmin(t);
    const { agent: owner } = await signedInModel(t);
    const blank = { height: null, weight: null, boobs: null, appearance: null };
    const id = await sentProfile(t, owner, city.slug, blank);
    const first = (await admin.get(`/api/admin-panel/moderation/profiles/${id}`)).json() as ModerationDetails;
    expect(first).toMatchObject({ firstPublication: true, submitted: { name: 'Вера', ...blank } });
    expect((await admin.post(`/api/admin-panel/moderation/profiles/${id}/approve`)).statusCode).toBe(200);

    // Unchanged blanks are no change; a value given, or one taken away, is.
    await owner.put(`/api/profiles/${id}`, completeDraft(city.slug, { ...blank, height: 172 }));
    expect((await owner.post(`/api/profiles/${id}/submit`)).statusCode).toBe(200);
    const filled = (
      await admin.get(`/api/admin-panel/moderation/profiles/${id}`)
    ).json() as ModerationDetails;
    expect(filled).toMatchObject({
      submitted: { height: 172, appearance: null },
      approved: blank,
      changes: { fields: ['height'] },
    });
    expect((await admin.post(`/api/admin-panel/moderation/profiles/${id}/approve`)).statusCode).toBe(200);

    await owner.put(`/api/profiles/${id}`, completeDraft(city.slug, { ...blank, appearance: 'ASIAN' }));
    expect((await owner.post(`/api/profiles/${id}/submit`)).statusCode).toBe(200);
    const cleared = (
      await admin.get(`/api/admin-panel/moderation/profiles/${id}`)
    ).json() as ModerationDetails;
    expect(cleared).toMatchObject({
      submitted: { height: null, appearance: 'ASIAN' },
      approved: { height: 172, appearance: null },
      changes: { fields: ['height', 'appearance'] },
    });
  });
});

describe('approving and rejecting', () => {
  it('approves: the profile is listed, its owner told in her language, one audit line written', async () => {
    const city = await createCity(t.db);
    const { account: moderator, agent: admin } = await signedInAdmin(t);
    const { agent: owner } = await signedInModel(t, { locale: 'en' });
    const id = await sentProfile(t, owner, city.slug);
    const before = await auditRows();

    const response = await admin.post(`/api/admin-panel/moderation/profiles/${id}/approve`);
    expect(response.statusCode).toBe(200);
    expect(response.json<AdminProfile>()).toMatchObject({ id, status: 'active', review: null });
    expect(await listed(city.slug)).toEqual([id]);
    expect(await auditRows()).toBe(before + 1);
    expect(await auditOf(id)).toEqual([
      expect.objectContaining({ adminId: moderator.id, action: 'profile.approve', targetType: 'profile' }),
    ]);

    const english = await owner.get('/api/notifications', { headers: { 'accept-language': 'en' } });
    expect((english.json() as NotificationListResponse).items[0]).toMatchObject({
      kind: 'profile_approved',
      title: 'Profile approved',
    });
    const russian = await owner.get('/api/notifications', { headers: { 'accept-language': 'ru' } });
    expect((russian.json() as NotificationListResponse).items[0]?.title).toBe('Анкета одобрена');
  });

  it('rejects with the reason the owner reads, and refuses a missing or blank reason', async () => {
    const city = await createCity(t.db);
    const { agent: admin } = await signedInAdmin(t);
    const { agent: owner } = await signedInModel(t);
    const id = await sentProfile(t, owner, city.slug);
    const url = `/api/admin-panel/moderation/profiles/${id}/reject`;
    const before = await auditRows();

    for (const body of [{}, { reason: '   ' }, { reason: 'x'.repeat(501) }]) {
      const refused = await admin.post(url, body);
      expect(refused.statusCode).toBe(400);
      expect(Object.values(refused.json<ApiErrorBody>().fields ?? {})[0]).toMatch(/^validation\.reason/);
    }
    expect(await auditRows()).toBe(before);

    const response = await admin.post(url, { reason: '  Фото не соответствует правилам ' });
    expect(response.statusCode).toBe(200);
    expect(response.json<AdminProfile>()).toMatchObject({ status: 'rejected' });
    expect((await owner.get(`/api/profiles/${id}`)).json()).toMatchObject({
      status: 'rejected',
      rejectReason: 'Фото не соответствует правилам',
    });
    const [notification] = ((await owner.get('/api/notifications')).json() as NotificationListResponse).items;
    expect(notification).toMatchObject({
      kind: 'profile_rejected',
      params: { reason: 'Фото не соответствует правилам' },
    });
    expect(await auditOf(id)).toEqual([
      expect.objectContaining({ action: 'profile.reject', reason: 'Фото не соответствует правилам' }),
    ]);
  });

  it('answers 409 TRANSITION_NOT_ALLOWED for a profile that does not wait, and 404 for none, writing nothing', async () => {
    const city = await createCity(t.db);
    const { agent: admin } = await signedInAdmin(t);
    const { agent: owner } = await signedInModel(t);
    const id = await sentProfile(t, owner, city.slug);
    await admin.post(`/api/admin-panel/moderation/profiles/${id}/approve`);
    const before = await auditRows();
    for (const action of ['approve', 'reject']) {
      const again = await admin.post(`/api/admin-panel/moderation/profiles/${id}/${action}`, {
        reason: 'Нет',
      });
      expect(again.statusCode).toBe(409);
      expect(again.json<ApiErrorBody>().code).toBe('TRANSITION_NOT_ALLOWED');
      const missing = await admin.post(`/api/admin-panel/moderation/profiles/999999999/${action}`, {
        reason: 'Нет',
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.json<ApiErrorBody>().code).toBe('MODEL_NOT_FOUND');
    }
    expect(await auditRows()).toBe(before);
  });
});

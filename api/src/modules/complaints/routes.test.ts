import { type ApiErrorBody, COMPLAINT_TEXT_MAX_LENGTH } from 'contracts';
import { contractsLocales } from 'contracts/locales';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { complaints } from '../../db/schema';
import { sha256 } from '../../lib/tokens';
import { analyticsDay } from '../../lib/visitor';
import { COOKIES } from '../../plugins/auth';
import { createAgent } from '../../testing/agent';
import { createAccount, createProfile } from '../../testing/builders';
import { testAppForFile } from '../../testing/create-test-app';
import { COMPLAINT_RATE_LIMIT } from './routes';

const t = testAppForFile();

let addresses = 0;
/**
 * A browser on an address of its own: complaints are limited per address, and each test keeps
 * its own count so that the order of tests does not matter.
 */
function browser(address = `198.51.100.${++addresses}`) {
  const app = new Proxy(t.app, {
    get(target, property, receiver) {
      if (property === 'inject') {
        return (options: InjectOptions) => target.inject({ ...options, remoteAddress: address });
      }
      return Reflect.get(target, property, receiver);
    },
  });
  return createAgent(app);
}

const complaintsAbout = (profileId: number) =>
  t.db.select().from(complaints).where(eq(complaints.profileId, profileId));

describe('POST /api/model/:id/complaints', () => {
  it('stores the complaint for moderation, with the text trimmed and the visitor hashed', async () => {
    const profile = await createProfile(t.db);
    const guest = browser();
    const response = await guest.post(`/api/model/${profile.id}/complaints`, {
      reason: 'fake_photos',
      text: '  Фото взяты из чужой анкеты  ',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ ok: true });

    const visitor = guest.jar.get(COOKIES.visitor);
    expect(visitor).toBeTruthy();
    expect(await complaintsAbout(profile.id)).toEqual([
      expect.objectContaining({
        reason: 'fake_photos',
        text: 'Фото взяты из чужой анкеты',
        visitorKey: sha256(`visitor:${visitor}`),
        day: analyticsDay(),
        status: 'new',
      }),
    ]);
  });

  it('stores no text when none is given', async () => {
    const profile = await createProfile(t.db);
    const response = await browser().post(`/api/model/${profile.id}/complaints`, {
      reason: 'scam',
      text: ' ',
    });
    expect(response.statusCode).toBe(201);
    expect((await complaintsAbout(profile.id))[0]?.text).toBeNull();
  });

  it('takes one complaint per visitor per profile per day: a second answers 409', async () => {
    const [profile, other] = [await createProfile(t.db), await createProfile(t.db)];
    const guest = browser();
    const url = `/api/model/${profile.id}/complaints`;
    expect((await guest.post(url, { reason: 'scam' })).statusCode).toBe(201);

    const again = await guest.post(url, { reason: 'offensive' }, { headers: { 'accept-language': 'en' } });
    expect(again.statusCode).toBe(409);
    expect(again.json<ApiErrorBody>()).toEqual({
      code: 'COMPLAINT_ALREADY_SENT',
      message: 'You have already reported this profile today',
    });
    const russian = await guest.post(url, { reason: 'scam' });
    expect(russian.json<ApiErrorBody>().message).toBe('Вы уже отправили жалобу на эту анкету сегодня');
    expect(await complaintsAbout(profile.id)).toHaveLength(1);

    // Another profile, or another visitor, is another complaint.
    expect((await guest.post(`/api/model/${other.id}/complaints`, { reason: 'scam' })).statusCode).toBe(201);
    expect((await browser().post(url, { reason: 'scam' })).statusCode).toBe(201);
    expect(await complaintsAbout(profile.id)).toHaveLength(2);
  });

  it('counts a signed-in account once, whichever browser it complains from', async () => {
    const profile = await createProfile(t.db);
    const account = await createAccount(t.db, { accountType: 'advister' });
    const [laptop, phone] = [browser(), browser()];
    await laptop.signInAs(account.id);
    await phone.signInAs(account.id);
    const url = `/api/model/${profile.id}/complaints`;

    expect((await laptop.post(url, { reason: 'wrong_contacts' })).statusCode).toBe(201);
    expect((await phone.post(url, { reason: 'wrong_contacts' })).statusCode).toBe(409);
    expect((await complaintsAbout(profile.id))[0]?.visitorKey).toBe(sha256(`account:${account.id}`));
  });

  it('lets exactly one of many simultaneous complaints through', async () => {
    const profile = await createProfile(t.db);
    const guest = browser();
    await guest.get('/api/health');
    const statuses = await Promise.all(
      Array.from({ length: 10 }, () =>
        guest.post(`/api/model/${profile.id}/complaints`, { reason: 'scam' }).then((r) => r.statusCode),
      ),
    );
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(9);
    expect(await complaintsAbout(profile.id)).toHaveLength(1);
  });

  it('answers 404 MODEL_NOT_FOUND for a missing, blocked or unpublished profile, storing nothing', async () => {
    const blocked = await createProfile(t.db, { isBlocked: true, blockReason: 'Повторная анкета' });
    const draft = await createProfile(t.db, { status: 'draft' });
    const expired = await createProfile(t.db, { status: 'expired' });
    const guest = browser();
    for (const id of [999_999_999, blocked.id, draft.id, expired.id]) {
      const response = await guest.post(`/api/model/${id}/complaints`, { reason: 'scam' });
      expect(response.statusCode).toBe(404);
      expect(response.json<ApiErrorBody>()).toEqual({
        code: 'MODEL_NOT_FOUND',
        message: contractsLocales.ru.errors.MODEL_NOT_FOUND,
      });
    }
    for (const profile of [blocked, draft, expired]) expect(await complaintsAbout(profile.id)).toEqual([]);
  });

  it.each([
    ['a word for the id', 'abc', { reason: 'scam' }, { id: 'validation.invalidId' }],
    ['id 0', '0', { reason: 'scam' }, { id: 'validation.invalidId' }],
    ['a negative id', '-5', { reason: 'scam' }, { id: 'validation.invalidId' }],
    ['an id past int4', '2147483648', { reason: 'scam' }, { id: 'validation.invalidId' }],
    ['no reason', 'PROFILE', {}, { reason: 'validation.required' }],
    ['an unknown reason', 'PROFILE', { reason: 'spam' }, { reason: 'validation.complaintReasonRequired' }],
    ['a list of reasons', 'PROFILE', { reason: ['scam'] }, { reason: 'validation.complaintReasonRequired' }],
    [
      'the reason other without text',
      'PROFILE',
      { reason: 'other' },
      { text: 'validation.complaintTextRequired' },
    ],
    [
      'a number for text',
      'PROFILE',
      { reason: 'scam', text: 12 },
      { text: 'validation.complaintTextRequired' },
    ],
    [
      'a text of 1001 characters',
      'PROFILE',
      { reason: 'scam', text: 'x'.repeat(COMPLAINT_TEXT_MAX_LENGTH + 1) },
      { text: 'validation.complaintTextTooLong' },
    ],
    ['a body that is a string', 'PROFILE', JSON.stringify('scam'), { '': 'validation.required' }],
  ])('answers 400 for %s, storing nothing', async (_name, id, body, fields) => {
    const profile = await createProfile(t.db);
    const url = `/api/model/${id === 'PROFILE' ? profile.id : id}/complaints`;
    const response = await browser().post(url, body, { headers: { 'content-type': 'application/json' } });
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiErrorBody>()).toMatchObject({ code: 'VALIDATION_FAILED', fields });
    expect(await complaintsAbout(profile.id)).toEqual([]);
  });

  it('accepts a text of exactly 1000 characters', async () => {
    const profile = await createProfile(t.db);
    const text = 'ё'.repeat(COMPLAINT_TEXT_MAX_LENGTH);
    const response = await browser().post(`/api/model/${profile.id}/complaints`, { reason: 'other', text });
    expect(response.statusCode).toBe(201);
    expect((await complaintsAbout(profile.id))[0]?.text).toBe(text);
  });

  it('refuses a complaint without the CSRF header', async () => {
    const profile = await createProfile(t.db);
    const response = await browser().post(
      `/api/model/${profile.id}/complaints`,
      { reason: 'scam' },
      { withoutCsrf: true },
    );
    expect(response.statusCode).toBe(403);
    expect(await complaintsAbout(profile.id)).toEqual([]);
  });

  it(`limits one address to ${COMPLAINT_RATE_LIMIT.max} complaints an hour, across visitors`, async () => {
    const address = '203.0.113.9';
    const profiles = [];
    for (let i = 0; i <= COMPLAINT_RATE_LIMIT.max; i++) profiles.push(await createProfile(t.db));
    const statuses: number[] = [];
    for (const profile of profiles) {
      // A fresh browser each time: clearing cookies does not reset the limit.
      const response = await browser(address).post(`/api/model/${profile.id}/complaints`, { reason: 'scam' });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, COMPLAINT_RATE_LIMIT.max).every((status) => status === 201)).toBe(true);
    expect(statuses.at(-1)).toBe(429);

    const last = profiles.at(-1);
    if (!last) throw new Error('no profile');
    const limited = await browser(address).post(
      `/api/model/${last.id}/complaints`,
      { reason: 'scam' },
      { headers: { 'accept-language': 'en' } },
    );
    const body = limited.json<ApiErrorBody>();
    expect(body.code).toBe('RATE_LIMITED');
    expect(body.retryAfter).toBeGreaterThan(3000);
    expect(await complaintsAbout(last.id)).toEqual([]);

    // Other addresses are not affected.
    expect((await browser().post(`/api/model/${last.id}/complaints`, { reason: 'scam' })).statusCode).toBe(
      201,
    );
  });
});

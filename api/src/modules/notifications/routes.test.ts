import {
  type ApiErrorBody,
  NOTIFICATION_KINDS,
  type NotificationListResponse,
  type UnreadCountResponse,
} from 'contracts';
import { count, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema';
import { type Agent, createAgent } from '../../testing/agent';
import { createAccount, createCity } from '../../testing/builders';
import { closeTestApp } from '../../testing/close-test-app';
import { createTestApp, type TestApp } from '../../testing/create-test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await closeTestApp(t);
});

async function signedIn(overrides: Parameters<typeof createAccount>[1] = {}) {
  const account = await createAccount(t.db, overrides);
  const agent = createAgent(t.app);
  await agent.signInAs(account.id);
  return { account, agent };
}

async function list(agent: Agent, query = '', language = 'ru'): Promise<NotificationListResponse> {
  const response = await agent.get(`/api/notifications${query}`, {
    headers: { 'accept-language': language },
  });
  expect(response.statusCode).toBe(200);
  return response.json<NotificationListResponse>();
}

async function unread(agent: Agent): Promise<number> {
  const response = await agent.get('/api/notifications/unread-count');
  expect(response.statusCode).toBe(200);
  return response.json<UnreadCountResponse>().unreadCount;
}

/** `n` notifications for an account, oldest first. */
async function notifyMany(accountId: number, n: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 1; i <= n; i++) {
    const { id } = await t.app.notifications.notify(accountId, 'profile_approved', {
      profileName: `Анкета ${i}`,
    });
    ids.push(id);
  }
  return ids;
}

describe('GET /api/notifications', () => {
  it('needs a session', async () => {
    const agent = createAgent(t.app);
    for (const url of ['/api/notifications', '/api/notifications/unread-count']) {
      const response = await agent.get(url);
      expect(response.statusCode).toBe(401);
      expect(response.json<ApiErrorBody>().code).toBe('UNAUTHORIZED');
    }
    const patch = await agent.patch('/api/notifications/mark-multiple', { notificationIds: [1] });
    expect(patch.statusCode).toBe(401);
  });

  it('pages through the caller’s notifications newest first, each exactly once', async () => {
    const { account, agent } = await signedIn();
    const ids = await notifyMany(account.id, 25);

    const pages = [await list(agent, '?perPage=10'), await list(agent, '?perPage=10&page=2')];
    pages.push(await list(agent, '?perPage=10&page=3'));

    expect(pages.map((page) => page.items.length)).toEqual([10, 10, 5]);
    for (const page of pages) {
      expect(page).toMatchObject({ total: 25, perPage: 10, pageCount: 3, unreadCount: 25 });
    }
    expect(pages.flatMap((page) => page.items.map((item) => item.id))).toEqual([...ids].reverse());
    expect((await list(agent, '?perPage=10&page=4')).items).toEqual([]);
  });

  it('uses 20 per page by default', async () => {
    const { account, agent } = await signedIn();
    await notifyMany(account.id, 21);
    const first = await list(agent);
    expect(first).toMatchObject({ page: 1, perPage: 20, total: 21, pageCount: 2 });
    expect(first.items).toHaveLength(20);
  });

  it('shows only the caller’s own notifications', async () => {
    const a = await signedIn();
    const b = await signedIn();
    await notifyMany(a.account.id, 2);
    await notifyMany(b.account.id, 1);

    expect((await list(b.agent)).items).toHaveLength(1);
    expect((await list(a.agent)).items).toHaveLength(2);
  });

  it('refuses page sizes out of range and pages that are not positive integers', async () => {
    const { agent } = await signedIn();
    for (const [query, field, key] of [
      ['?perPage=0', 'perPage', 'validation.invalidPerPage'],
      ['?perPage=101', 'perPage', 'validation.invalidPerPage'],
      ['?page=0', 'page', 'validation.invalidPage'],
      ['?page=abc', 'page', 'validation.invalidPage'],
    ] as const) {
      const response = await agent.get(`/api/notifications${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json<ApiErrorBody>().fields).toEqual({ [field]: key });
    }
  });
});

describe('notification texts', () => {
  it('are translated into the request language with dates, prices and cities formatted for it', async () => {
    const { account, agent } = await signedIn();
    const city = await createCity(t.db, { nameRu: 'Казань', nameEn: 'Kazan' });
    const until = new Date('2026-07-15T12:00:00Z');
    const notify = t.app.notifications.notify;
    await notify(account.id, 'profile_approved', { profileName: 'Алиса' });
    await notify(account.id, 'profile_rejected', { profileName: 'Алиса', reason: 'Размытое фото' });
    await notify(account.id, 'profile_expired', { profileName: 'Алиса' });
    await notify(account.id, 'profile_blocked', { profileName: 'Алиса', comment: 'Фото не соответствуют' });
    await notify(account.id, 'profile_unblocked', { profileName: 'Алиса' });
    await notify(account.id, 'video_activated', { profileName: 'Алиса', until });
    await notify(account.id, 'raised_in_city', { profileName: 'Алиса', city: city.slug, price: 1500 });
    await notify(account.id, 'top_placement', { profileName: 'Алиса', city: city.slug, until });
    await notify(account.id, 'account_blocked', { comment: 'Жалобы посетителей' });
    await notify(account.id, 'account_unblocked', {});
    await notify(account.id, 'ad_approved', { heading: 'Весенняя акция' });
    await notify(account.id, 'ad_rejected', { heading: 'Весенняя акция', reason: 'Нет ссылки' });
    await notify(account.id, 'ad_completed', { heading: 'Весенняя акция', impressions: 1200, clicks: 35 });

    const ru = (await list(agent)).items.reverse();
    const en = (await list(agent, '', 'en')).items.reverse();

    // One of every kind, in the order they were sent above.
    expect(ru.map((item) => item.kind)).toEqual([...NOTIFICATION_KINDS]);
    expect(ru.map(({ title, text }) => ({ title, text }))).toEqual([
      { title: 'Анкета одобрена', text: 'Анкета «Алиса» прошла модерацию и опубликована.' },
      {
        title: 'Анкета не прошла модерацию',
        text: 'Анкета «Алиса» не прошла модерацию. Причина: Размытое фото',
      },
      {
        title: 'Срок публикации истёк',
        text: 'Срок публикации анкеты «Алиса» истёк, она скрыта из каталога. Продлите её, чтобы вернуть.',
      },
      { title: 'Анкета заблокирована', text: 'Анкета «Алиса» заблокирована. Причина: Фото не соответствуют' },
      { title: 'Анкета разблокирована', text: 'Анкета «Алиса» разблокирована и снова видна посетителям.' },
      { title: 'Видео активировано', text: 'До 15 июля 2026 г. видео в анкете «Алиса» активно.' },
      {
        title: 'Анкета поднята',
        text: 'Анкета «Алиса» поднята в начало списка, город Казань. Списано 1\u00a0500 ₽.',
      },
      { title: 'Топ-размещение', text: 'До 15 июля 2026 г. анкета «Алиса» в топе, город Казань.' },
      {
        title: 'Аккаунт заблокирован',
        text: 'Ваш аккаунт заблокирован, анкеты скрыты из каталога. Причина: Жалобы посетителей',
      },
      {
        title: 'Аккаунт разблокирован',
        text: 'Ваш аккаунт разблокирован, активные анкеты снова видны посетителям.',
      },
      { title: 'Объявление одобрено', text: 'Объявление «Весенняя акция» прошло модерацию и опубликовано.' },
      {
        title: 'Объявление отклонено',
        text: 'Объявление «Весенняя акция» не прошло модерацию. Причина: Нет ссылки',
      },
      {
        title: 'Кампания завершена',
        text: 'Показ объявления «Весенняя акция» завершён: показов 1200, переходов 35.',
      },
    ]);
    expect(en[5]?.text).toBe('The video on your profile “Алиса” is active until 15 July 2026.');
    expect(en[6]?.text).toBe(
      'Your profile “Алиса” was raised to the top of the Kazan list. Charged: 1,500 ₽.',
    );
    expect(en[7]?.text).toBe('Your profile “Алиса” is in the top of Kazan until 15 July 2026.');
    expect(en.map((item) => item.title)).toEqual([
      'Profile approved',
      'Profile rejected',
      'Publication expired',
      'Profile blocked',
      'Profile unblocked',
      'Video activated',
      'Profile raised',
      'Top placement',
      'Account blocked',
      'Account unblocked',
      'Ad approved',
      'Ad rejected',
      'Campaign completed',
    ]);
    expect(en[12]?.text).toBe('Your ad “Весенняя акция” has finished: 1200 impressions, 35 clicks.');
    // The raw values stay available to the client.
    expect(ru[6]?.params).toEqual({ profileName: 'Алиса', city: city.slug, price: 1500 });
    expect(ru[5]?.params).toEqual({ profileName: 'Алиса', until: until.toISOString() });
    for (const item of [...ru, ...en]) expect(item.text).not.toContain('{{');
  });

  it('refuses to create a notification whose text would miss a value', async () => {
    const account = await createAccount(t.db);
    const notify = t.app.notifications.notify as (
      id: number,
      kind: string,
      params: object,
    ) => Promise<unknown>;
    await expect(notify(account.id, 'profile_blocked', { profileName: 'Алиса' })).rejects.toThrow(/comment/);
    const [row] = await t.db
      .select({ n: count() })
      .from(notifications)
      .where(eq(notifications.accountId, account.id));
    expect(row?.n).toBe(0);
  });
});

describe('PATCH /api/notifications/mark-multiple', () => {
  it('marks the named notifications read and lowers the unread count', async () => {
    const { account, agent } = await signedIn();
    const ids = await notifyMany(account.id, 5);
    expect(await unread(agent)).toBe(5);

    const response = await agent.patch('/api/notifications/mark-multiple', {
      notificationIds: ids.slice(0, 3),
    });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ updated: 3 });
    expect(await unread(agent)).toBe(2);
    const items = (await list(agent)).items;
    expect(items.filter((item) => item.read).map((item) => item.id)).toEqual(ids.slice(0, 3).reverse());

    const again = await agent.patch('/api/notifications/mark-multiple', { notificationIds: ids.slice(0, 3) });
    expect(again.json()).toEqual({ updated: 0 });
  });

  it('does not let one account mark another account’s notifications', async () => {
    const a = await signedIn();
    const b = await signedIn();
    const aIds = await notifyMany(a.account.id, 3);
    const [bId] = await notifyMany(b.account.id, 1);

    const attack = await b.agent.patch('/api/notifications/mark-multiple', { notificationIds: aIds });
    expect(attack.statusCode).toBe(200);
    expect(attack.json()).toEqual({ updated: 0 });

    const mixed = await b.agent.patch('/api/notifications/mark-multiple', {
      notificationIds: [...aIds, bId],
    });
    expect(mixed.json()).toEqual({ updated: 1 });

    expect(await unread(a.agent)).toBe(3);
    expect((await list(a.agent)).items.every((item) => !item.read)).toBe(true);
    expect(await unread(b.agent)).toBe(0);
  });

  it('refuses bad lists with translated field errors', async () => {
    const { agent } = await signedIn();
    const cases: [unknown, string][] = [
      [{ notificationIds: [] }, 'validation.notificationIdsRequired'],
      [
        { notificationIds: Array.from({ length: 101 }, (_, i) => i + 1) },
        'validation.tooManyNotificationIds',
      ],
      [{ notificationIds: [1, 1] }, 'validation.duplicateNotificationIds'],
    ];
    for (const [body, key] of cases) {
      const response = await agent.patch('/api/notifications/mark-multiple', body);
      expect(response.statusCode).toBe(400);
      expect(response.json<ApiErrorBody>().fields).toEqual({ notificationIds: key });
    }
    const english = await agent.patch(
      '/api/notifications/mark-multiple',
      { notificationIds: ['7'] },
      { headers: { 'accept-language': 'en' } },
    );
    expect(english.json<ApiErrorBody>()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Invalid notification id',
      fields: { 'notificationIds.0': 'validation.invalidNotificationId' },
    });
  });

  it('refuses a request without the CSRF header', async () => {
    const { account, agent } = await signedIn();
    const ids = await notifyMany(account.id, 1);
    const response = await agent.patch(
      '/api/notifications/mark-multiple',
      { notificationIds: ids },
      { withoutCsrf: true },
    );
    expect(response.statusCode).toBe(403);
    expect(await unread(agent)).toBe(1);
  });

  it('answers any malformed body with a 4xx and marks nothing', async () => {
    const { account, agent } = await signedIn();
    const ids = await notifyMany(account.id, 3);
    const notAList = fc.oneof(fc.anything(), fc.record({ notificationIds: fc.anything() }));
    const badIds = fc.record({
      notificationIds: fc.array(
        fc.oneof(fc.double(), fc.string(), fc.constant(null), fc.integer({ max: 0 })),
        {
          minLength: 1,
        },
      ),
    });
    await fc.assert(
      fc.asyncProperty(fc.oneof(notAList, badIds), async (body) => {
        const response = await agent.patch(
          '/api/notifications/mark-multiple',
          JSON.stringify(body) ?? 'null',
          {
            headers: { 'content-type': 'application/json' },
          },
        );
        if (response.statusCode === 200) {
          // Only a body that happens to be a valid list of other ids may pass; it marks none of ours.
          expect(response.json()).toEqual({ updated: 0 });
        } else {
          expect(response.statusCode).toBeGreaterThanOrEqual(400);
          expect(response.statusCode).toBeLessThan(500);
        }
      }),
      { numRuns: 150 },
    );
    expect(await unread(agent)).toBe(ids.length);
  });
});

describe('OpenAPI document', () => {
  it('lists the notification routes with their query and body schemas', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { parameters: { name: string }[]; requestBody?: unknown }>>;
    }>();
    expect(doc.paths['/api/notifications']?.get?.parameters.map((p) => p.name)).toEqual(['page', 'perPage']);
    expect(doc.paths['/api/notifications/unread-count']?.get).toBeDefined();
    expect(doc.paths['/api/notifications/mark-multiple']?.patch?.requestBody).toBeDefined();
  });
});

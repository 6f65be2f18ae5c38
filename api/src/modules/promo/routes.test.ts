import type { AccountType, ApiErrorBody, PromoActivateResponse, PromoValidateResponse } from 'contracts';
import { contractsLocales } from 'contracts/locales';
import { and, count, eq, like } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerTransactions, promoActivations, promoCodes } from '../../db/schema';
import { COOKIES, CSRF_HEADER } from '../../plugins/auth';
import { type Agent, createAgent } from '../../testing/agent';
import { createAccount } from '../../testing/builders';
import { closeTestApp } from '../../testing/close-test-app';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import { balanceOf, systemBalanceOf, verifyBalances } from '../ledger/repository';
import { PROMO_RATE_LIMITS } from './routes';
import { seedPromoCodes } from './seed';
import { createPromoService, promoReference } from './service';

let t: TestApp;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  expect(await seedPromoCodes(t.db)).toBe(4);
});

afterAll(async () => {
  await closeTestApp(t);
});

let codeNumber = 0;
type PromoOverrides = Partial<typeof promoCodes.$inferInsert>;

/** A fresh code, BALANCE_AMOUNT 250 rubles for anyone unless the overrides say otherwise. */
async function createPromo(overrides: PromoOverrides = {}) {
  const [row] = await t.db
    .insert(promoCodes)
    .values({
      code: `TEST${++codeNumber}X`,
      descriptionRu: 'Тестовый бонус',
      descriptionEn: 'Test bonus',
      promoType: 'BALANCE_AMOUNT',
      amount: 250,
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('promo was not created');
  return row;
}

async function signedIn(accountType: AccountType = 'girl') {
  const account = await createAccount(t.db, { accountType });
  const agent = createAgent(t.app);
  await agent.signInAs(account.id);
  // A first read hands out the CSRF cookie, as a page load would before any click.
  await agent.get('/api/health');
  return { account, agent };
}

const post = (agent: Agent, path: string, body: unknown, language = 'ru') =>
  agent.post(`/api/promo/${path}`, body, { headers: { 'accept-language': language } });

function expectError(response: LightMyRequestResponse, status: number, code: string): ApiErrorBody {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json<ApiErrorBody>();
  expect(body.code).toBe(code);
  return body;
}

/** A POST from a given client address, with the agent's cookies and CSRF header. */
async function postFrom(agent: Agent, remoteAddress: string, path: string, payload: unknown) {
  if (!agent.jar.has(COOKIES.csrf)) await agent.get('/api/health');
  return t.app.inject({
    method: 'POST',
    url: `/api/promo/${path}`,
    remoteAddress,
    headers: { [CSRF_HEADER]: agent.jar.get(COOKIES.csrf) ?? '', 'content-type': 'application/json' },
    cookies: Object.fromEntries(agent.jar),
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
}

async function activationsOf(promoId: number): Promise<number> {
  const [row] = await t.db
    .select({ n: count() })
    .from(promoActivations)
    .where(eq(promoActivations.promoCodeId, promoId));
  return row?.n ?? 0;
}

async function ledgerTransactionsOf(promoId: number): Promise<number> {
  const [row] = await t.db
    .select({ n: count() })
    .from(ledgerTransactions)
    .where(like(ledgerTransactions.reference, `promo:${promoId}:%`));
  return row?.n ?? 0;
}

async function activationCountOf(promoId: number): Promise<number> {
  const [row] = await t.db
    .select({ n: promoCodes.activationCount })
    .from(promoCodes)
    .where(eq(promoCodes.id, promoId));
  return row?.n ?? -1;
}

describe('POST /api/promo/validate-public', () => {
  it('checks a code without signing in, describing it in the request language', async () => {
    const agent = createAgent(t.app);
    const ru = await post(agent, 'validate-public', { code: 'WELCOME100' });
    expect(ru.statusCode).toBe(200);
    expect(ru.json<PromoValidateResponse>()).toEqual({
      valid: true,
      promocode: {
        code: 'WELCOME100',
        description: 'Приветственный бонус: 100 ₽ на баланс',
        promoType: 'BALANCE_AMOUNT',
        amount: 100,
      },
    });
    const en = await post(agent, 'validate-public', { code: 'BONUS10' }, 'en');
    expect(en.json<PromoValidateResponse>().promocode).toEqual({
      code: 'BONUS10',
      description: '+10% on your next balance top-up',
      promoType: 'DEPOSIT_PERCENTAGE',
      amount: 10,
    });
  });

  it('upper-cases and trims what was typed', async () => {
    const response = await post(createAgent(t.app), 'validate-public', { code: '  welcome100 ' });
    expect(response.statusCode).toBe(200);
    expect(response.json<PromoValidateResponse>().promocode.code).toBe('WELCOME100');
  });

  it('answers PROMO_INVALID for unknown, switched-off, expired, not yet started and used-up codes', async () => {
    const agent = createAgent(t.app);
    const off = await createPromo({ isActive: false });
    const future = await createPromo({ validFrom: new Date(Date.now() + DAY) });
    const usedUp = await createPromo({ maxActivations: 1, activationCount: 1 });
    for (const code of ['NOSUCHCODE', 'EXPIRED1', off.code, future.code, usedUp.code]) {
      const body = expectError(await post(agent, 'validate-public', { code }), 404, 'PROMO_INVALID');
      expect(body.message, code).toBe('Промокод недействителен');
    }
    const english = await post(agent, 'validate-public', { code: 'EXPIRED1' }, 'en');
    expect(english.json<ApiErrorBody>().message).toBe('The promo code is invalid');
  });

  it('accepts a code inside its date window', async () => {
    const current = await createPromo({
      validFrom: new Date(Date.now() - DAY),
      validUntil: new Date(Date.now() + DAY),
    });
    expect((await post(createAgent(t.app), 'validate-public', { code: current.code })).statusCode).toBe(200);
  });

  it('refuses a code meant for the other account type when the form says which type', async () => {
    const agent = createAgent(t.app);
    const forGirls = expectError(
      await post(agent, 'validate-public', { code: 'ADS500', accountType: 'girl' }),
      403,
      'PROMO_NOT_FOR_ROLE',
    );
    expect(forGirls.message).toBe('Этот промокод не предназначен для моделей');
    expect(
      (await post(agent, 'validate-public', { code: 'ADS500', accountType: 'advister' })).statusCode,
    ).toBe(200);
    expect((await post(agent, 'validate-public', { code: 'ADS500' })).statusCode).toBe(200);
  });

  it('asks for a code and refuses one under 3 characters', async () => {
    const agent = createAgent(t.app);
    const empty = expectError(await post(agent, 'validate-public', { code: ' ' }), 400, 'VALIDATION_FAILED');
    expect(empty.fields).toEqual({ code: 'validation.promoRequired' });
    expect(empty.message).toBe(contractsLocales.ru.validation.promoRequired);
    const short = expectError(
      await post(agent, 'validate-public', { code: 'ab' }, 'en'),
      400,
      'VALIDATION_FAILED',
    );
    expect(short.message).toBe(contractsLocales.en.validation.promoTooShort);
  });

  it('is rate limited per address', async () => {
    const agent = createAgent(t.app);
    const from = (remoteAddress: string) =>
      postFrom(agent, remoteAddress, 'validate-public', { code: 'WELCOME100' });
    const { max } = PROMO_RATE_LIMITS.validatePublicPerIp;
    for (let i = 0; i < max; i++) expect((await from('203.0.113.7')).statusCode).toBe(200);

    const limited = expectError(await from('203.0.113.7'), 429, 'RATE_LIMITED');
    expect(limited.retryAfter).toBeGreaterThan(0);
    expect((await from('203.0.113.8')).statusCode).toBe(200);
  });
});

describe('POST /api/promo/validate', () => {
  it('needs a session', async () => {
    expectError(await post(createAgent(t.app), 'validate', { code: 'WELCOME100' }), 401, 'UNAUTHORIZED');
  });

  it('says in the caller’s language which account type a code is not for', async () => {
    const girl = await signedIn('girl');
    const advertiser = await signedIn('advister');

    const cases = [
      [girl.agent, 'ADS500', 'ru', 'Этот промокод не предназначен для моделей'],
      [girl.agent, 'ADS500', 'en', 'This promo code is not for models'],
      [advertiser.agent, 'BONUS10', 'ru', 'Этот промокод не предназначен для рекламодателей'],
      [advertiser.agent, 'BONUS10', 'en', 'This promo code is not for advertisers'],
    ] as const;
    for (const [agent, code, language, message] of cases) {
      const body = expectError(await post(agent, 'validate', { code }, language), 403, 'PROMO_NOT_FOR_ROLE');
      expect(body.message).toBe(message);
    }
    expect((await post(girl.agent, 'validate', { code: 'bonus10' })).statusCode).toBe(200);
    expect((await post(advertiser.agent, 'validate', { code: 'ads500' })).statusCode).toBe(200);
  });

  it('answers PROMO_ALREADY_USED once the account has activated the code', async () => {
    const { agent } = await signedIn();
    const promo = await createPromo();
    expect((await post(agent, 'validate', { code: promo.code })).statusCode).toBe(200);
    expect((await post(agent, 'activate', { code: promo.code })).statusCode).toBe(200);
    const body = expectError(await post(agent, 'validate', { code: promo.code }), 409, 'PROMO_ALREADY_USED');
    expect(body.message).toBe('Этот промокод уже использован');
  });
});

describe('POST /api/promo/activate', () => {
  it('needs a session and changes nothing without one', async () => {
    const promo = await createPromo();
    expectError(await post(createAgent(t.app), 'activate', { code: promo.code }), 401, 'UNAUTHORIZED');
    expect(await activationsOf(promo.id)).toBe(0);
  });

  it('credits a balance code at once through the ledger', async () => {
    const { account, agent } = await signedIn();

    const response = await post(agent, 'activate', { code: 'welcome100' });

    expect(response.statusCode).toBe(200);
    const body = response.json<PromoActivateResponse>();
    expect(body).toEqual({
      promocode: {
        code: 'WELCOME100',
        description: 'Приветственный бонус: 100 ₽ на баланс',
        promoType: 'BALANCE_AMOUNT',
        amount: 100,
      },
      activatedAt: expect.any(String),
      balance: 100,
    });
    expect(Math.abs(Date.parse(body.activatedAt) - Date.now())).toBeLessThan(60_000);
    expect(await balanceOf(t.db, account.id)).toBe(10_000);
    const [posted] = await t.db
      .select({ kind: ledgerTransactions.kind })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.reference, promoReference(await welcomeId(), account.id)));
    expect(posted).toEqual({ kind: 'promo' });
  });

  it('adds the credit to an existing balance and answers the new balance in rubles', async () => {
    const { account, agent } = await signedIn();
    const first = await createPromo({ amount: 75 });
    const second = await createPromo({ amount: 30 });
    await post(agent, 'activate', { code: first.code });
    const response = await post(agent, 'activate', { code: second.code });
    expect(response.json<PromoActivateResponse>().balance).toBe(105);
    expect(await balanceOf(t.db, account.id)).toBe(10_500);
  });

  it('records a deposit-percentage code for the next top-up without touching the balance', async () => {
    const { account, agent } = await signedIn('girl');

    const response = await post(agent, 'activate', { code: 'BONUS10' }, 'en');

    expect(response.statusCode).toBe(200);
    expect(response.json<PromoActivateResponse>()).toMatchObject({
      promocode: { code: 'BONUS10', promoType: 'DEPOSIT_PERCENTAGE', amount: 10 },
      balance: 0,
    });
    expect(await balanceOf(t.db, account.id)).toBe(0);
    const bonus = await promoRow('BONUS10');
    const [row] = await t.db
      .select({ n: count() })
      .from(promoActivations)
      .where(and(eq(promoActivations.promoCodeId, bonus.id), eq(promoActivations.accountId, account.id)));
    expect(row?.n).toBe(1);
    expect(await ledgerTransactionsOf(bonus.id)).toBe(0);
  });

  it('refuses a second activation by the same account', async () => {
    const { account, agent } = await signedIn();
    const promo = await createPromo();
    expect((await post(agent, 'activate', { code: promo.code })).statusCode).toBe(200);
    const again = expectError(
      await post(agent, 'activate', { code: promo.code }, 'en'),
      409,
      'PROMO_ALREADY_USED',
    );
    expect(again.message).toBe('This promo code has already been used');
    expect(await balanceOf(t.db, account.id)).toBe(25_000);
  });

  it('refuses codes for the other account type, invalid codes and codes out of their dates', async () => {
    const girl = await signedIn('girl');
    const advertiser = await signedIn('advister');
    const expired = await createPromo({ validUntil: new Date(Date.now() - 1000) });
    const later = await createPromo({ validFrom: new Date(Date.now() + DAY) });

    expectError(await post(girl.agent, 'activate', { code: 'ADS500' }), 403, 'PROMO_NOT_FOR_ROLE');
    const bonus = expectError(
      await post(advertiser.agent, 'activate', { code: 'BONUS10' }),
      403,
      'PROMO_NOT_FOR_ROLE',
    );
    expect(bonus.message).toBe('Этот промокод не предназначен для рекламодателей');
    for (const code of ['NOSUCHCODE', 'EXPIRED1', expired.code, later.code]) {
      expectError(await post(girl.agent, 'activate', { code }), 404, 'PROMO_INVALID');
    }
    expect(await balanceOf(t.db, girl.account.id)).toBe(0);
    expect(await activationsOf(expired.id)).toBe(0);
  });

  it('credits exactly once when one account sends 50 activations at the same moment', async () => {
    const { account, agent } = await signedIn();
    const promo = await createPromo({ amount: 300 });

    const responses = await Promise.all(
      Array.from({ length: 50 }, () => post(agent, 'activate', { code: promo.code })),
    );

    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      expect(response.json<ApiErrorBody>().code).toBe('PROMO_ALREADY_USED');
    }
    expect(await balanceOf(t.db, account.id)).toBe(30_000);
    expect(await activationsOf(promo.id)).toBe(1);
    expect(await activationCountOf(promo.id)).toBe(1);
    expect(await ledgerTransactionsOf(promo.id)).toBe(1);
  });

  it('credits exactly once when 50 transactions activate one code for one account in parallel', async () => {
    // Through the service, so that on PostgreSQL the transactions run on separate pooled
    // connections at once (over HTTP on PGlite they queue on its single connection).
    const account = await createAccount(t.db);
    const promo = await createPromo({ amount: 40 });
    const service = createPromoService(t.db);

    const outcomes = await Promise.allSettled(
      Array.from({ length: 50 }, () =>
        service.activate(promo.code, { accountId: account.id, accountType: 'girl' }, 'ru'),
      ),
    );

    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const reasons = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason as { code?: string }] : []));
    expect(reasons.every((reason) => reason.code === 'PROMO_ALREADY_USED')).toBe(true);
    expect(await balanceOf(t.db, account.id)).toBe(4_000);
    expect(await activationsOf(promo.id)).toBe(1);
    const [ledger] = await t.db
      .select({ n: count() })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.reference, promoReference(promo.id, account.id)));
    expect(ledger?.n).toBe(1);
  });

  it('never exceeds max activations when many accounts race for the last places', async () => {
    const promo = await createPromo({ amount: 10, maxActivations: 5 });
    const players = await Promise.all(Array.from({ length: 12 }, () => signedIn()));

    const responses = await Promise.all(
      players.map(({ agent }) => post(agent, 'activate', { code: promo.code })),
    );

    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    expect(statuses.filter((status) => status === 404)).toHaveLength(7);
    expect(await activationsOf(promo.id)).toBe(5);
    expect(await activationCountOf(promo.id)).toBe(5);
    const credited = await Promise.all(players.map(({ account }) => balanceOf(t.db, account.id)));
    expect(credited.filter((kopecks) => kopecks === 1_000)).toHaveLength(5);
    expect(credited.filter((kopecks) => kopecks === 0)).toHaveLength(7);
  });

  it('never exceeds max activations when parallel transactions race for them', async () => {
    const promo = await createPromo({ amount: 10, maxActivations: 3, accountType: 'advister' });
    const accounts = await Promise.all(
      Array.from({ length: 10 }, () => createAccount(t.db, { accountType: 'advister' })),
    );
    const service = createPromoService(t.db);

    const outcomes = await Promise.allSettled(
      accounts.map((account) =>
        service.activate(promo.code, { accountId: account.id, accountType: 'advister' }, 'en'),
      ),
    );

    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(3);
    expect(await activationCountOf(promo.id)).toBe(3);
    expect(await activationsOf(promo.id)).toBe(3);
  });

  it('answers any malformed body with a 4xx and activates nothing', async () => {
    const { account, agent } = await signedIn();
    const [before] = await t.db.select({ n: count() }).from(promoActivations);
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.anything(), fc.record({ code: fc.anything() })), async (body) => {
        const payload = JSON.stringify(body) ?? 'null';
        for (const path of ['activate', 'validate', 'validate-public']) {
          // The public check from addresses of its own, so these runs stay under its limit.
          const response =
            path === 'validate-public'
              ? await postFrom(agent, `198.51.100.${++run}`, path, payload)
              : await agent.post(`/api/promo/${path}`, payload, {
                  headers: { 'content-type': 'application/json' },
                });
          expect(response.statusCode, `${path} ${response.body}`).toBeGreaterThanOrEqual(400);
          expect(response.statusCode, `${path} ${response.body}`).toBeLessThan(500);
        }
      }),
      { numRuns: 15 },
    );
    const [after] = await t.db.select({ n: count() }).from(promoActivations);
    expect(after?.n).toBe(before?.n);
    expect(await balanceOf(t.db, account.id)).toBe(0);
  });
});

describe('demo promo codes', () => {
  it('are seeded only into a database without promo codes', async () => {
    expect(await seedPromoCodes(t.db)).toBe(0);
    const expired = await promoRow('EXPIRED1');
    expect(expired.validUntil?.getTime()).toBeLessThan(Date.now());
    expect(await promoRow('ADS500')).toMatchObject({
      accountType: 'advister',
      maxActivations: 100,
      amount: 500,
    });
    expect(await promoRow('BONUS10')).toMatchObject({ accountType: 'girl', promoType: 'DEPOSIT_PERCENTAGE' });
    expect(await promoRow('WELCOME100')).toMatchObject({ accountType: null, promoType: 'BALANCE_AMOUNT' });
  });
});

describe('OpenAPI document', () => {
  it('lists the promo routes with their body schemas', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, { post?: { requestBody?: unknown; security?: unknown } }>;
    }>();
    for (const path of ['validate-public', 'validate', 'activate']) {
      expect(doc.paths[`/api/promo/${path}`]?.post?.requestBody, path).toBeDefined();
    }
    // The public check needs no session, only the CSRF header every state-changing call carries.
    expect(doc.paths['/api/promo/validate-public']?.post?.security).toEqual([{ csrf: [] }]);
    expect(doc.paths['/api/promo/activate']?.post?.security).toEqual([{ session: [], csrf: [] }]);
  });
});

describe('the books after all of the above', () => {
  it('balance: entries sum to zero and every balance equals its entries', async () => {
    expect(await verifyBalances(t.db)).toEqual({ accounts: [], transactions: [] });
    const [credits] = await t.db.select({ n: count() }).from(ledgerTransactions);
    expect(credits?.n).toBeGreaterThan(0);
    expect(await systemBalanceOf(t.db, 'promotions')).toBeLessThan(0);
  });
});

async function promoRow(code: string) {
  const [row] = await t.db.select().from(promoCodes).where(eq(promoCodes.code, code));
  if (!row) throw new Error(`no promo ${code}`);
  return row;
}

async function welcomeId(): Promise<number> {
  return (await promoRow('WELCOME100')).id;
}

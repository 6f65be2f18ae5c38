import type {
  AdminAccountDetails,
  AdminAdjustmentPending,
  AdminBalanceAdjustment,
  AdminBalanceAdjustmentList,
  AdminPaymentOrderDetails,
  AdminPaymentOrderList,
  AdminPromoCode,
  AdminPromoCodeList,
  ApiErrorBody,
} from 'contracts';
import { and, count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  adminActions,
  balanceAdjustments,
  ledgerEntries,
  ledgerTransactions,
  paymentOrders,
  paymentWebhooks,
  promoCodes,
} from '../../db/schema';
import { createAgent } from '../../testing/agent';
import { creditBalance, signedInAdmin, signedInModel } from '../../testing/admin';
import { createAccount } from '../../testing/builders';
import { createTestApp, testAppForFile } from '../../testing/create-test-app';
import { balanceOf, verifyBalances } from '../ledger/repository';

const t = testAppForFile();

const auditCount = async (action: string) =>
  (await t.db.select({ n: count() }).from(adminActions).where(eq(adminActions.action, action)))[0]?.n ?? 0;

describe('payment orders', () => {
  it('lists orders newest first, by status and account, and shows one with its webhooks oldest first', async () => {
    const { agent: admin } = await signedInAdmin(t);
    const owner = await createAccount(t.db);
    const other = await createAccount(t.db);
    const [paid] = await t.db
      .insert(paymentOrders)
      .values({
        accountId: owner.id,
        provider: 'nowpayments',
        amountKopecks: 150_000,
        status: 'finished',
        creditedKopecks: 150_000,
        providerInvoiceId: 'inv-1',
        bonusPercent: 10,
        returnArea: 'girl',
        createdAt: sql`now() - interval '1 hour'`,
      })
      .returning();
    const [waiting] = await t.db
      .insert(paymentOrders)
      .values({ accountId: owner.id, provider: 'sandbox', amountKopecks: 50_000, returnArea: 'girl' })
      .returning();
    await t.db
      .insert(paymentOrders)
      .values({ accountId: other.id, provider: 'sandbox', amountKopecks: 70_000, returnArea: 'girl' });
    await t.db.insert(paymentWebhooks).values([
      {
        provider: 'nowpayments',
        rawBody: '{"payment_status":"waiting"}',
        signatureValid: true,
        orderId: paid?.id,
        paymentStatus: 'waiting',
        outcome: 'updated',
        receivedAt: sql`now() - interval '50 minutes'`,
        processedAt: sql`now() - interval '50 minutes'`,
      },
      {
        provider: 'nowpayments',
        rawBody: 'not json',
        signatureValid: false,
        orderId: paid?.id,
        outcome: 'rejected_signature',
        receivedAt: sql`now() - interval '40 minutes'`,
      },
    ]);

    const mine = await admin.get(`/api/admin-panel/payments/orders?accountId=${owner.id}`);
    expect(mine.statusCode).toBe(200);
    const list = mine.json<AdminPaymentOrderList>();
    expect(list.total).toBe(2);
    expect(list.items.map((item) => item.id)).toEqual([waiting?.id, paid?.id]);
    expect(list.items[1]).toEqual({
      id: paid?.id,
      account: { id: owner.id, email: owner.email },
      provider: 'nowpayments',
      status: 'finished',
      amount: 1500,
      amountKopecks: 150_000,
      credited: 1500,
      creditedKopecks: 150_000,
      bonusPercent: 10,
      providerInvoiceId: 'inv-1',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(list.items[0]).toMatchObject({
      status: 'created',
      credited: 0,
      creditedKopecks: 0,
      bonusPercent: null,
    });
    const finished = (
      await admin.get(`/api/admin-panel/payments/orders?status=finished&accountId=${owner.id}`)
    ).json<AdminPaymentOrderList>();
    expect(finished.items.map((item) => item.id)).toEqual([paid?.id]);

    const details = (
      await admin.get(`/api/admin-panel/payments/orders/${paid?.id}`)
    ).json<AdminPaymentOrderDetails>();
    expect(details.order.id).toBe(paid?.id);
    expect(details.webhooks).toEqual([
      {
        id: expect.any(Number),
        receivedAt: expect.any(String),
        processedAt: expect.any(String),
        paymentStatus: 'waiting',
        outcome: 'updated',
        rawBody: '{"payment_status":"waiting"}',
      },
      {
        id: expect.any(Number),
        receivedAt: expect.any(String),
        processedAt: null,
        paymentStatus: null,
        outcome: 'rejected_signature',
        rawBody: 'not json',
      },
    ]);

    const missing = await admin.get('/api/admin-panel/payments/orders/00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    const bad = await admin.get('/api/admin-panel/payments/orders?status=paid');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<ApiErrorBody>().fields).toEqual({ status: 'validation.invalidStatus' });
  });
});

describe('POST /api/admin-panel/accounts/:id/adjustments', () => {
  const adjust = (agent: ReturnType<typeof createAgent>, accountId: number, body: unknown) =>
    agent.post(`/api/admin-panel/accounts/${accountId}/adjustments`, body);

  it('credits and debits by new ledger entries, with the reason and an audit line', async () => {
    const { account: me, agent: admin } = await signedInAdmin(t);
    const account = await createAccount(t.db);
    const audits = await auditCount('account.adjust');

    const credited = await adjust(admin, account.id, { amount: 1500.5, reason: '  Компенсация сбоя  ' });
    expect(credited.statusCode, credited.body).toBe(201);
    const details = credited.json<AdminAccountDetails>();
    expect(details).toMatchObject({ balance: 1500.5, balanceKopecks: 150_050 });
    expect(details.ledger[0]).toMatchObject({
      kind: 'adjustment',
      amount: 1500.5,
      amountKopecks: 150_050,
      metadata: { reason: 'Компенсация сбоя', adminId: me.id },
    });

    const debited = await adjust(admin, account.id, { amount: -0.5, reason: 'Округление' });
    expect(debited.statusCode).toBe(201);
    expect(debited.json<AdminAccountDetails>().balanceKopecks).toBe(150_000);
    const entries = await t.db
      .select({ amount: ledgerEntries.amountKopecks, kind: ledgerTransactions.kind })
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .where(eq(ledgerEntries.accountId, account.id));
    expect(entries.map((entry) => entry.amount).sort((a, b) => a - b)).toEqual([-50, 150_050]);
    expect(await auditCount('account.adjust')).toBe(audits + 2);
    const [line] = await t.db
      .select()
      .from(adminActions)
      .where(and(eq(adminActions.action, 'account.adjust'), eq(adminActions.targetId, account.id)))
      .orderBy(sql`${adminActions.id} desc`)
      .limit(1);
    expect(line).toMatchObject({
      adminId: me.id,
      targetType: 'account',
      reason: 'Округление',
      details: { amount: -0.5, amountKopecks: -50 },
    });
    expect(await verifyBalances(t.db)).toEqual({ accounts: [], transactions: [] });
  });

  it('refuses a debit larger than the balance with 409 and changes nothing', async () => {
    const { agent: admin } = await signedInAdmin(t);
    const account = await createAccount(t.db);
    await creditBalance(t, account.id, 100);
    const audits = await auditCount('account.adjust');

    const refused = await adjust(admin, account.id, { amount: -100.01, reason: 'Списание' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<ApiErrorBody>().code).toBe('INSUFFICIENT_BALANCE');
    expect(await balanceOf(t.db, account.id)).toBe(10_000);
    expect(await auditCount('account.adjust')).toBe(audits);
  });

  it('never overdraws when debits race: as many succeed as the balance covers', async () => {
    const { agent: admin } = await signedInAdmin(t);
    const { agent: second } = await signedInAdmin(t);
    const account = await createAccount(t.db);
    await creditBalance(t, account.id, 1000);

    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, n) =>
        adjust(n % 2 ? admin : second, account.id, { amount: -300, reason: 'Списание' }),
      ),
    );

    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(3);
    expect(codes.filter((code) => code === 409)).toHaveLength(5);
    expect(await balanceOf(t.db, account.id)).toBe(10_000);
    expect(await verifyBalances(t.db)).toEqual({ accounts: [], transactions: [] });
  });

  it('answers 400 for a bad amount or reason and 404 for an unknown account', async () => {
    const { agent: admin } = await signedInAdmin(t);
    const account = await createAccount(t.db);
    for (const amount of [0, 1.001, 1_000_000.01, -1_000_001, '10', null, Number.NaN]) {
      const response = await adjust(admin, account.id, { amount, reason: 'Причина' });
      expect(response.statusCode, String(amount)).toBe(400);
      expect(response.json<ApiErrorBody>().fields).toEqual({ amount: 'validation.invalidAdjustment' });
    }
    for (const [reason, key] of [
      ['  ', 'validation.reasonRequired'],
      ['ab', 'validation.reasonTooShort'],
      ['x'.repeat(501), 'validation.reasonTooLong'],
    ] as const) {
      const response = await adjust(admin, account.id, { amount: 1, reason });
      expect(response.json<ApiErrorBody>().fields).toEqual({ reason: key });
    }
    // The largest amount is taken, and waits for a second administrator (see below).
    expect((await adjust(admin, account.id, { amount: 1_000_000, reason: 'Большой бонус' })).statusCode).toBe(
      202,
    );
    const missing = await adjust(admin, 999_999_999, { amount: 1, reason: 'Причина' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json<ApiErrorBody>().code).toBe('USER_NOT_FOUND');
  });
});

describe('adjustments of one’s own balance, and above the approval threshold', () => {
  const adjust = (agent: ReturnType<typeof createAgent>, accountId: number, body: unknown) =>
    agent.post(`/api/admin-panel/accounts/${accountId}/adjustments`, body);
  const approve = (agent: ReturnType<typeof createAgent>, id: number) =>
    agent.post(`/api/admin-panel/adjustments/${id}/approve`);
  const decline = (agent: ReturnType<typeof createAgent>, id: number) =>
    agent.post(`/api/admin-panel/adjustments/${id}/decline`);
  const codeOf = (response: { json<T>(): T }) => response.json<ApiErrorBody>().code;
  const adjustmentRow = async (id: number) =>
    (await t.db.select().from(balanceAdjustments).where(eq(balanceAdjustments.id, id)))[0];
  const auditOf = (accountId: number) =>
    t.db
      .select()
      .from(adminActions)
      .where(and(eq(adminActions.targetType, 'account'), eq(adminActions.targetId, accountId)))
      .orderBy(adminActions.id);

  async function requested(agent: ReturnType<typeof createAgent>, accountId: number, amount: number) {
    const response = await adjust(agent, accountId, { amount, reason: 'Возврат за сбой' });
    expect(response.statusCode, response.body).toBe(202);
    return response.json<AdminAdjustmentPending>().adjustment;
  }

  it('refuses an administrator’s adjustment of their own balance, changing nothing', async () => {
    const { account: me, agent } = await signedInAdmin(t);
    for (const amount of [1, -1, 50_000]) {
      const refused = await adjust(agent, me.id, { amount, reason: 'Себе' });
      expect(refused.statusCode).toBe(403);
      expect(codeOf(refused)).toBe('ADJUSTMENT_OWN_ACCOUNT');
    }
    expect(await balanceOf(t.db, me.id)).toBe(0);
    expect(await auditOf(me.id)).toEqual([]);
    expect(
      await t.db.select().from(balanceAdjustments).where(eq(balanceAdjustments.accountId, me.id)),
    ).toEqual([]);
  });

  it('applies up to 10,000 ₽ at once; above it, moves nothing until a second administrator approves', async () => {
    const { account: first, agent: firstAgent } = await signedInAdmin(t);
    const { account: second, agent: secondAgent } = await signedInAdmin(t);
    const account = await createAccount(t.db);

    expect((await adjust(firstAgent, account.id, { amount: 10_000, reason: 'Ровно порог' })).statusCode).toBe(
      201,
    );
    expect(await balanceOf(t.db, account.id)).toBe(1_000_000);

    const pending = await requested(firstAgent, account.id, 10_000.01);
    expect(pending).toMatchObject({
      account: { id: account.id, email: account.email },
      amount: 10_000.01,
      amountKopecks: 1_000_001,
      status: 'pending',
      requestedBy: { id: first.id, email: first.email },
      decidedBy: null,
      canApprove: false,
      transactionId: null,
    });
    expect(await balanceOf(t.db, account.id)).toBe(1_000_000);

    // The pending list says who may approve it.
    const asFirst = await firstAgent.get(`/api/admin-panel/adjustments?accountId=${account.id}`);
    expect(
      asFirst.json<AdminBalanceAdjustmentList>().items.map((item) => [item.id, item.canApprove]),
    ).toEqual([[pending.id, false]]);
    const asSecond = await secondAgent.get(`/api/admin-panel/adjustments?accountId=${account.id}`);
    expect(
      asSecond.json<AdminBalanceAdjustmentList>().items.map((item) => [item.id, item.canApprove]),
    ).toEqual([[pending.id, true]]);

    const own = await approve(firstAgent, pending.id);
    expect(own.statusCode).toBe(403);
    expect(codeOf(own)).toBe('ADJUSTMENT_NEEDS_SECOND_ADMIN');
    expect(await balanceOf(t.db, account.id)).toBe(1_000_000);

    const approved = await approve(secondAgent, pending.id);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<AdminBalanceAdjustment>()).toMatchObject({
      status: 'approved',
      decidedBy: { id: second.id, email: second.email },
      transactionId: expect.any(Number),
    });
    expect(await balanceOf(t.db, account.id)).toBe(2_000_001);
    const again = await approve(secondAgent, pending.id);
    expect(again.statusCode).toBe(409);
    expect(codeOf(again)).toBe('ADJUSTMENT_DECIDED');
    expect(await balanceOf(t.db, account.id)).toBe(2_000_001);
    expect((await secondAgent.get(`/api/admin-panel/adjustments?accountId=${account.id}`)).json()).toEqual({
      items: [],
    });

    expect(
      (await auditOf(account.id)).map(({ adminId, action, details }) => [
        adminId,
        action,
        details.adjustmentId,
      ]),
    ).toEqual([
      [first.id, 'account.adjust', undefined],
      [first.id, 'adjustment.request', pending.id],
      [second.id, 'adjustment.approve', pending.id],
    ]);
    expect(await verifyBalances(t.db)).toEqual({ accounts: [], transactions: [] });
  });

  it('holds debits above the threshold too, and a declined one never moves money', async () => {
    const { account: first, agent: firstAgent } = await signedInAdmin(t);
    const { agent: secondAgent } = await signedInAdmin(t);
    const account = await createAccount(t.db);
    await creditBalance(t, account.id, 20_000);

    const debit = await requested(firstAgent, account.id, -15_000);
    const declined = await decline(secondAgent, debit.id);
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json<AdminBalanceAdjustment>().status).toBe('declined');
    expect(codeOf(await approve(secondAgent, debit.id))).toBe('ADJUSTMENT_DECIDED');
    expect(await balanceOf(t.db, account.id)).toBe(2_000_000);

    // Its requester may withdraw one.
    const withdrawn = await requested(firstAgent, account.id, 12_000);
    expect((await decline(firstAgent, withdrawn.id)).statusCode).toBe(200);
    expect(await adjustmentRow(withdrawn.id)).toMatchObject({ status: 'declined', decidedBy: first.id });
    expect(await balanceOf(t.db, account.id)).toBe(2_000_000);
    expect((await auditOf(account.id)).map((line) => line.action)).toEqual([
      'adjustment.request',
      'adjustment.decline',
      'adjustment.request',
      'adjustment.decline',
    ]);

    // A debit the balance no longer covers stays pending and moves nothing.
    const tooMuch = await requested(firstAgent, account.id, -25_000);
    const refused = await approve(secondAgent, tooMuch.id);
    expect(refused.statusCode).toBe(409);
    expect(codeOf(refused)).toBe('INSUFFICIENT_BALANCE');
    expect(await adjustmentRow(tooMuch.id)).toMatchObject({ status: 'pending', ledgerTransactionId: null });
    expect(await balanceOf(t.db, account.id)).toBe(2_000_000);
  });

  it('is applied once when approvals race, and never approved for one’s own balance', async () => {
    const { agent: requester } = await signedInAdmin(t);
    const approvers = await Promise.all([signedInAdmin(t), signedInAdmin(t), signedInAdmin(t)]);
    const account = await createAccount(t.db);
    const pending = await requested(requester, account.id, 50_000);

    const answers = await Promise.all(
      [...approvers, ...approvers].map(({ agent }) => approve(agent, pending.id)),
    );
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409, 409, 409]);
    expect(await balanceOf(t.db, account.id)).toBe(5_000_000);
    const credits = await t.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.reference, `adjustment:request:${pending.id}`));
    expect(credits).toHaveLength(1);

    // An administrator's balance adjusted by another needs a third to approve it.
    const [holder, other] = approvers;
    if (!holder || !other) throw new Error('no approvers');
    const forHolder = await requested(requester, holder.account.id, 20_000);
    const self = await approve(holder.agent, forHolder.id);
    expect(self.statusCode).toBe(403);
    expect(codeOf(self)).toBe('ADJUSTMENT_OWN_ACCOUNT');
    expect((await approve(other.agent, forHolder.id)).statusCode).toBe(200);
    expect(await balanceOf(t.db, holder.account.id)).toBe(2_000_000);
    expect(await verifyBalances(t.db)).toEqual({ accounts: [], transactions: [] });
  });

  it('takes its threshold from the server’s setting (ADJUSTMENT_APPROVAL_RUBLES)', async () => {
    const strict = await createTestApp({ adjustmentApprovalRubles: 100 });
    try {
      const { agent } = await signedInAdmin(strict);
      const account = await createAccount(strict.db);
      const small = await agent.post(`/api/admin-panel/accounts/${account.id}/adjustments`, {
        amount: 100,
        reason: 'Ровно порог',
      });
      expect(small.statusCode).toBe(201);
      const large = await agent.post(`/api/admin-panel/accounts/${account.id}/adjustments`, {
        amount: -100.01,
        reason: 'Выше порога',
      });
      expect(large.statusCode).toBe(202);
      expect(await balanceOf(strict.db, account.id)).toBe(10_000);
    } finally {
      await strict.close();
    }
  });

  it('answers 404 for an unknown adjustment and 400 for an id that is not one, changing nothing', async () => {
    const { agent } = await signedInAdmin(t);
    for (const path of ['approve', 'decline']) {
      const missing = await agent.post(`/api/admin-panel/adjustments/999999/${path}`);
      expect(missing.statusCode).toBe(404);
      expect(codeOf(missing)).toBe('NOT_FOUND');
      expect((await agent.post(`/api/admin-panel/adjustments/abc/${path}`)).statusCode).toBe(400);
    }
    expect((await agent.get('/api/admin-panel/adjustments?accountId=x')).statusCode).toBe(400);
    const model = await signedInModel(t);
    expect((await model.agent.get('/api/admin-panel/adjustments')).statusCode).toBe(403);
    expect((await model.agent.post('/api/admin-panel/adjustments/1/approve')).statusCode).toBe(403);
  });
});

describe('promo codes', () => {
  const body = (overrides: Record<string, unknown> = {}) => ({
    code: 'spring25',
    promoType: 'BALANCE_AMOUNT',
    amount: 500,
    descriptionRu: 'Весенний бонус',
    descriptionEn: 'Spring bonus',
    ...overrides,
  });

  it('creates a code upper-cased, lists it newest first, refuses a duplicate, and deactivates it for good', async () => {
    const { agent: admin } = await signedInAdmin(t);
    const created = await admin.post(
      '/api/admin-panel/promo-codes',
      body({ accountType: 'girl', maxActivations: 2, validFrom: '2025-03-01', validUntil: '2099-03-31' }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const code = created.json<AdminPromoCode>();
    expect(code).toEqual({
      id: expect.any(Number),
      code: 'SPRING25',
      promoType: 'BALANCE_AMOUNT',
      amount: 500,
      accountType: 'girl',
      maxActivations: 2,
      activationCount: 0,
      validFrom: '2025-03-01',
      validUntil: '2099-03-31',
      isActive: true,
      descriptionRu: 'Весенний бонус',
      descriptionEn: 'Spring bonus',
      createdAt: expect.any(String),
    });
    const [row] = await t.db.select().from(promoCodes).where(eq(promoCodes.id, code.id));
    // Moscow days: from its first midnight to the midnight after its last day.
    expect(row?.validFrom?.toISOString()).toBe('2025-02-28T21:00:00.000Z');
    expect(row?.validUntil?.toISOString()).toBe('2099-03-31T21:00:00.000Z');

    const list = (await admin.get('/api/admin-panel/promo-codes?perPage=1')).json<AdminPromoCodeList>();
    expect(list.items).toEqual([code]);

    const duplicate = await admin.post('/api/admin-panel/promo-codes', body({ code: 'Spring25' }));
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json<ApiErrorBody>().code).toBe('PROMO_CODE_EXISTS');
    expect(await auditCount('promo.create')).toBe(1);

    // A model can use it until it is switched off.
    const model = await createAccount(t.db, { accountType: 'girl' });
    const agent = createAgent(t.app);
    await agent.signInAs(model.id);
    expect((await agent.post('/api/promo/validate', { code: 'spring25' })).statusCode).toBe(200);

    const off = await admin.post(`/api/admin-panel/promo-codes/${code.id}/deactivate`);
    expect(off.statusCode).toBe(200);
    expect(off.json<AdminPromoCode>()).toEqual({ ...code, isActive: false });
    const again = await admin.post(`/api/admin-panel/promo-codes/${code.id}/deactivate`);
    expect(again.json<AdminPromoCode>().isActive).toBe(false);
    expect(await auditCount('promo.deactivate')).toBe(1);

    const refused = await agent.post('/api/promo/activate', { code: 'SPRING25' });
    expect(refused.json<ApiErrorBody>().code).toBe('PROMO_INVALID');
    expect(await balanceOf(t.db, model.id)).toBe(0);
    expect((await admin.post('/api/admin-panel/promo-codes/999999999/deactivate')).statusCode).toBe(404);
  });

  it('refuses bad fields with the translated validation shape', async () => {
    const { agent: admin } = await signedInAdmin(t);
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ code: 'ab' }, { code: 'validation.promoTooShort' }],
      [{ code: 'ВЕСНА25' }, { code: 'validation.promoLatinDigits' }],
      [{ code: 'SPRING 25' }, { code: 'validation.promoLatinDigits' }],
      [{ promoType: 'FREE' }, { promoType: 'validation.invalidPromoType' }],
      [{ amount: 100_001 }, { amount: 'validation.invalidPromoAmount' }],
      [{ amount: 1.5 }, { amount: 'validation.invalidPromoAmount' }],
      [{ promoType: 'DEPOSIT_PERCENTAGE', amount: 101 }, { amount: 'validation.invalidPromoAmount' }],
      [{ accountType: 'admin' }, { accountType: 'validation.invalidAccountType' }],
      [{ maxActivations: 0 }, { maxActivations: 'validation.invalidMaxActivations' }],
      [{ validFrom: '2025-02-30' }, { validFrom: 'validation.invalidAdDate' }],
      [{ validFrom: '2025-03-02', validUntil: '2025-03-01' }, { validUntil: 'validation.invalidRange' }],
      [{ descriptionEn: ' ' }, { descriptionEn: 'validation.promoDescriptionRequired' }],
      [{ descriptionRu: 'я'.repeat(201) }, { descriptionRu: 'validation.promoDescriptionTooLong' }],
    ];
    for (const [overrides, fields] of cases) {
      const response = await admin.post(
        '/api/admin-panel/promo-codes',
        body({ code: 'BADCODE', ...overrides }),
      );
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.json<ApiErrorBody>().fields, JSON.stringify(overrides)).toEqual(fields);
    }
    const [row] = await t.db.select({ n: count() }).from(promoCodes).where(eq(promoCodes.code, 'BADCODE'));
    expect(row?.n).toBe(0);
    const percent = await admin.post(
      '/api/admin-panel/promo-codes',
      body({ code: 'PLUS100', promoType: 'DEPOSIT_PERCENTAGE', amount: 100, accountType: null }),
    );
    expect(percent.statusCode, percent.body).toBe(201);
  });
});

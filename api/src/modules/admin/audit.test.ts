import type { ApiErrorBody, AuditLog } from 'contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts } from '../../db/schema';
import type { Agent } from '../../testing/agent';
import { signedInAdmin } from '../../testing/admin';
import { createAccount, createProfile } from '../../testing/builders';
import { testAppForFile } from '../../testing/create-test-app';

const t = testAppForFile();

async function audit(agent: Agent, query: string): Promise<AuditLog> {
  const response = await agent.get(`/api/admin-panel/audit?${query}`);
  expect(response.statusCode, query).toBe(200);
  return response.json() as AuditLog;
}

const dayOf = (at: string, shiftDays = 0) =>
  new Date(Date.parse(at) + shiftDays * 86_400_000).toISOString().slice(0, 10);

describe('GET /api/admin-panel/audit', () => {
  it('lists who did what to which target, why and when, newest first, filtered and paged', async () => {
    const first = await signedInAdmin(t);
    const second = await signedInAdmin(t);
    const model = await createAccount(t.db);
    const profile = await createProfile(t.db, { accountId: model.id });

    await first.agent.post(`/api/admin-panel/profiles/${profile.id}/block`, { reason: 'Чужие фото' });
    await second.agent.post(`/api/admin-panel/profiles/${profile.id}/unblock`);
    await second.agent.post(`/api/admin-panel/accounts/${model.id}/block`, { reason: 'Нарушения' });

    const ofProfile = await audit(first.agent, `targetType=profile&targetId=${profile.id}`);
    expect(ofProfile.total).toBe(2);
    expect(ofProfile.items).toEqual([
      {
        id: expect.any(Number),
        admin: { id: second.account.id, login: second.account.login, email: second.account.email },
        action: 'profile.unblock',
        targetType: 'profile',
        targetId: profile.id,
        reason: null,
        details: { stillBlockedWithAccount: false },
        createdAt: expect.any(String),
      },
      expect.objectContaining({
        admin: { id: first.account.id, login: first.account.login, email: first.account.email },
        action: 'profile.block',
        reason: 'Чужие фото',
      }),
    ]);

    const bySecond = await audit(first.agent, `adminId=${second.account.id}`);
    expect(bySecond.items.map((item) => item.action)).toEqual(['account.block', 'profile.unblock']);
    const blocks = await audit(first.agent, `action=account.block&targetId=${model.id}`);
    expect(blocks.items.map((item) => [item.targetType, item.targetId, item.reason])).toEqual([
      ['account', model.id, 'Нарушения'],
    ]);

    const at = ofProfile.items[0]?.createdAt ?? '';
    const scoped = `targetType=profile&targetId=${profile.id}`;
    expect((await audit(first.agent, `${scoped}&from=${dayOf(at)}&to=${dayOf(at)}`)).total).toBe(2);
    expect((await audit(first.agent, `${scoped}&from=${dayOf(at, 1)}`)).total).toBe(0);
    expect((await audit(first.agent, `${scoped}&to=${dayOf(at, -1)}`)).total).toBe(0);
    expect((await audit(first.agent, `${scoped}&to=${encodeURIComponent(at)}`)).total).toBe(2);

    const paged = await audit(first.agent, `${scoped}&perPage=1&page=2`);
    expect(paged).toMatchObject({ total: 2, page: 2, perPage: 1, pageCount: 2 });
    expect(paged.items.map((item) => item.action)).toEqual(['profile.block']);
  });

  it('names the administrator by login and e-mail, and filters the money and site actions', async () => {
    const { account, agent } = await signedInAdmin(t);
    await t.db
      .update(accounts)
      .set({ login: `Moder${account.id}` })
      .where(eq(accounts.id, account.id));
    const model = await createAccount(t.db);
    expect(
      (await agent.post(`/api/admin-panel/accounts/${model.id}/adjustments`, { amount: 25, reason: 'Бонус' }))
        .statusCode,
    ).toBe(201);
    const created = await agent.post('/api/admin-panel/promo-codes', {
      code: `AUDIT${account.id}`,
      promoType: 'DEPOSIT_PERCENTAGE',
      amount: 10,
      descriptionRu: 'Бонус',
      descriptionEn: 'Bonus',
    });
    expect(created.statusCode).toBe(201);

    const adjusted = await audit(agent, `action=account.adjust&targetType=account&targetId=${model.id}`);
    expect(adjusted.items).toEqual([
      expect.objectContaining({
        admin: { id: account.id, login: `Moder${account.id}`, email: account.email },
        action: 'account.adjust',
        reason: 'Бонус',
        details: expect.objectContaining({ amount: 25, amountKopecks: 2500 }),
      }),
    ]);
    const promos = await audit(agent, `targetType=promo&adminId=${account.id}`);
    expect(promos.items.map((item) => [item.action, item.targetId])).toEqual([
      ['promo.create', created.json<{ id: number }>().id],
    ]);
  });

  it('refuses filters it cannot read', async () => {
    const { agent } = await signedInAdmin(t);
    const response = await agent.get(
      '/api/admin-panel/audit?action=drop&targetType=ad&from=2025-02-30&adminId=0&page=0',
    );
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiErrorBody>().fields).toEqual({
      action: 'validation.invalidAction',
      targetType: 'validation.invalidTargetType',
      from: 'validation.invalidDate',
      adminId: 'validation.invalidId',
      page: 'validation.invalidPage',
    });
    const backwards = await agent.get('/api/admin-panel/audit?from=2025-03-02&to=2025-03-01');
    expect(backwards.json<ApiErrorBody>().fields).toEqual({ to: 'validation.invalidRange' });
  });
});

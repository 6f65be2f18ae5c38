import { adDayOf, addDays, type Campaign } from 'contracts';
import { expect } from 'vitest';
import { creditBalance } from './admin';
import { createAgent } from './agent';
import { createAccount, createCity } from './builders';
import type { TestApp } from './create-test-app';

/**
 * A published text campaign pinned in a new city on `t`'s database, paid per day (no count to
 * stop at), submitted by its advertiser and approved by an administrator: served at once.
 */
export async function runningCampaign(t: TestApp) {
  const city = await createCity(t.db);
  const account = await createAccount(t.db, { accountType: 'advister' });
  await creditBalance(t, account.id, 50_000);
  const agent = createAgent(t.app);
  await agent.signInAs(account.id);
  const today = adDayOf(new Date());
  const created = await agent.post('/api/campaigns', {
    format: 'text',
    heading: 'City taxi',
    description: 'Rides around the clock',
    link: 'https://example.com/taxi',
    buttonText: 'Order a ride',
    placement: 'cities',
    cities: [city.slug],
    pricing: 'days',
    startsOn: today,
    endsOn: addDays(today, 2),
  });
  expect(created.statusCode, created.body).toBe(201);
  const { id } = created.json<Campaign>();
  expect((await agent.post(`/api/campaigns/${id}/submit`)).statusCode).toBe(200);
  const admin = createAgent(t.app);
  await admin.signInAs((await createAccount(t.db, { accountType: 'girl', role: 'admin' })).id);
  expect((await admin.post(`/api/admin-panel/moderation/campaigns/${id}/approve`)).statusCode).toBe(200);
  return { id, city: city.slug, agent, accountId: account.id, admin };
}

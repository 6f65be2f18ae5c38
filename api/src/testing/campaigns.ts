import { adDayOf, addDays, type Campaign } from 'contracts/campaigns';
import { expect } from 'vitest';
import { creditBalance } from './admin';
import { createAgent } from './agent';
import { createAccount, createCity } from './builders';
import type { TestApp } from './create-test-app';

/** A text campaign pinned in `city`, paid per day from today for two days, as the form sends it. */
export function campaignForm(city: string, overrides: Record<string, unknown> = {}) {
  const today = adDayOf(new Date());
  return {
    format: 'text',
    heading: 'City taxi',
    description: 'Rides around the clock',
    link: 'https://example.com/taxi',
    buttonText: 'Order a ride',
    placement: 'cities',
    cities: [city],
    pricing: 'days',
    startsOn: today,
    endsOn: addDays(today, 2),
    ...overrides,
  };
}

/**
 * A text campaign (`campaignForm`) in a new city on `t`'s database, from a new advertiser with
 * money on her balance, submitted: it waits for moderation.
 */
export async function submittedCampaign(t: TestApp) {
  const city = await createCity(t.db);
  const account = await createAccount(t.db, { accountType: 'advister' });
  await creditBalance(t, account.id, 50_000);
  const agent = createAgent(t.app);
  await agent.signInAs(account.id);
  const created = await agent.post('/api/campaigns', campaignForm(city.slug));
  expect(created.statusCode, created.body).toBe(201);
  const { id } = created.json<Campaign>();
  const sent = await agent.post(`/api/campaigns/${id}/submit`);
  expect(sent.statusCode, sent.body).toBe(200);
  return { id, city: city.slug, agent, accountId: account.id };
}

/** A submitted campaign (`submittedCampaign`) approved by an administrator: served at once. */
export async function runningCampaign(t: TestApp) {
  const submitted = await submittedCampaign(t);
  const admin = createAgent(t.app);
  await admin.signInAs((await createAccount(t.db, { accountType: 'girl', role: 'admin' })).id);
  const approved = await admin.post(`/api/admin-panel/moderation/campaigns/${submitted.id}/approve`);
  expect(approved.statusCode, approved.body).toBe(200);
  return { ...submitted, admin };
}

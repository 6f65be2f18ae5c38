import type { ModelListResponse, OwnProfile } from 'contracts';
import { describe, expect, it } from 'vitest';
import { seedPrices } from '../../db/seed-prices';
import { createAgent } from '../../testing/agent';
import { createAccount, createCity } from '../../testing/builders';
import { creditBalance } from '../../testing/admin';
import { testAppForFile } from '../../testing/create-test-app';
import { addDraftPhoto, completeDraft, ensureClassicMassage } from '../../testing/profiles';
import { createModeration } from './moderation';

// A listing cache far longer than the test: only clearing it can show a change.
const t = testAppForFile({ listingCacheMs: 600_000 }, async ({ db }) => {
  await seedPrices(db);
  await ensureClassicMassage(db);
});

async function listed(city: string): Promise<number[]> {
  const response = await t.app.inject({ method: 'GET', url: `/api/model?city=${city}` });
  return (response.json() as ModelListResponse).items.map((item) => item.id);
}

describe('listing-visible changes reach the next request through the listing cache', () => {
  it('shows an approval, a pause, a reactivation and a deletion at once', async () => {
    const city = await createCity(t.db);
    const account = await createAccount(t.db, { accountType: 'girl' });
    await creditBalance(t, account.id, 10_000);
    const agent = createAgent(t.app);
    await agent.signInAs(account.id);
    const { id } = (await agent.post('/api/profiles', completeDraft(city.slug))).json() as OwnProfile;
    await addDraftPhoto(t.db, id);
    await agent.post(`/api/profiles/${id}/submit`);
    expect(await listed(city.slug)).toEqual([]);

    const moderator = await createAccount(t.db, { role: 'admin' });
    await createModeration(t.app).approve(moderator.id, id);
    expect(await listed(city.slug)).toEqual([id]);

    await agent.post(`/api/profiles/${id}/deactivate`);
    expect(await listed(city.slug)).toEqual([]);
    await agent.post(`/api/profiles/${id}/activate`);
    expect(await listed(city.slug)).toEqual([id]);

    await agent.delete(`/api/profiles/${id}`);
    expect(await listed(city.slug)).toEqual([]);
  });
});

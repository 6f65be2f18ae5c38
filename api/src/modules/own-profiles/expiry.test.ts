import type { ModelListResponse } from 'contracts';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { modelProfiles, notifications } from '../../db/schema';
import { createAccount, createCity, createProfile } from '../../testing/builders';
import { testAppForFile } from '../../testing/create-test-app';
import { expireProfiles } from './expiry';

// The listing cache on, as in production: the job must clear it for visitors to see the change.
const t = testAppForFile({ listingCacheMs: 60_000 });

const DAY = 86_400_000;

async function listed(city: string): Promise<number[]> {
  const response = await t.app.inject({ method: 'GET', url: `/api/model?city=${city}` });
  return (response.json() as ModelListResponse).items.map((item) => item.id);
}

describe('the expiry job', () => {
  it('expires profiles whose paid time is over by its clock, notifies their owners and clears the listing', async () => {
    const city = await createCity(t.db);
    const owner = await createAccount(t.db, { accountType: 'girl' });
    const now = Date.now();
    const soon = await createProfile(t.db, {
      cityId: city.id,
      accountId: owner.id,
      expiresAt: new Date(now + DAY),
    });
    const later = await createProfile(t.db, {
      cityId: city.id,
      accountId: owner.id,
      expiresAt: new Date(now + 10 * DAY),
    });
    expect((await listed(city.slug)).sort()).toEqual([soon.id, later.id].sort());

    // Nothing is due yet.
    expect(await expireProfiles(t.app, new Date(now))).toBe(0);
    // Two days on, by the job's clock, the first one is.
    expect(await expireProfiles(t.app, new Date(now + 2 * DAY))).toBe(1);

    const rows = await t.db
      .select({ id: modelProfiles.id, status: modelProfiles.status })
      .from(modelProfiles)
      .where(inArray(modelProfiles.id, [soon.id, later.id]));
    expect(Object.fromEntries(rows.map((row) => [row.id, row.status]))).toEqual({
      [soon.id]: 'expired',
      [later.id]: 'active',
    });
    const sent = await t.db
      .select({ kind: notifications.kind, params: notifications.params })
      .from(notifications)
      .where(eq(notifications.accountId, owner.id));
    expect(sent).toEqual([{ kind: 'profile_expired', params: { profileName: soon.name } }]);

    // The cached page was cleared with the change; the database's clock has not reached it, so
    // the listing shows exactly what the status now says.
    expect(await listed(city.slug)).toEqual([later.id]);
    // A second round finds nothing more: nobody is notified twice.
    expect(await expireProfiles(t.app, new Date(now + 2 * DAY))).toBe(0);
  });

  it('runs once when two instances run it at the same moment', async () => {
    const city = await createCity(t.db);
    const owner = await createAccount(t.db, { accountType: 'girl' });
    const past = new Date(Date.now() - DAY);
    const profiles = await Promise.all(
      [1, 2, 3].map(() => createProfile(t.db, { cityId: city.id, accountId: owner.id, expiresAt: past })),
    );
    const counts = await Promise.all([expireProfiles(t.app), expireProfiles(t.app), expireProfiles(t.app)]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(profiles.length);
    const sent = await t.db.select().from(notifications).where(eq(notifications.accountId, owner.id));
    expect(sent).toHaveLength(profiles.length);
  });
});

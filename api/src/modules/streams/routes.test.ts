import type { ModelDetails, StreamingCountResponse } from 'contracts';
import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modelProfiles } from '../../db/schema';
import { seed } from '../../db/seed';
import { createProfile } from '../../testing/builders';
import { createTestApp, type TestApp } from '../../testing/create-test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seed(t.db, { profiles: 40 });
});

afterAll(async () => {
  await t?.close();
});

async function streamingCount(): Promise<number> {
  const response = await t.app.inject('/api/model/streaming-count');
  expect(response.statusCode).toBe(200);
  return response.json<StreamingCountResponse>().count;
}

describe('GET /api/model/streaming-count', () => {
  it('counts the visible profiles that are online now', async () => {
    const [row] = await t.db
      .select({ n: count() })
      .from(modelProfiles)
      .where(
        and(
          inArray(modelProfiles.status, ['active', 'published']),
          eq(modelProfiles.isBlocked, false),
          eq(modelProfiles.isOnline, true),
        ),
      );
    expect(await streamingCount()).toBe(row?.n);
  });

  it('goes up for a visible online profile and not for hidden or offline ones', async () => {
    const before = await streamingCount();
    await createProfile(t.db, { isOnline: true });
    await createProfile(t.db, { isOnline: false });
    await createProfile(t.db, { isOnline: true, isBlocked: true, blockReason: 'Повторная анкета' });
    await createProfile(t.db, { isOnline: true, status: 'draft' });
    await createProfile(t.db, { isOnline: true, status: 'expired' });
    expect(await streamingCount()).toBe(before + 1);
  });

  it('is not taken for a profile id, and GET /api/model/:id still answers profiles', async () => {
    const response = await t.app.inject('/api/model/streaming-count');
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json())).toEqual(['count']);
    expect(response.headers['cache-control']).toBe('public, max-age=10');

    const profile = await createProfile(t.db);
    const details = await t.app.inject(`/api/model/${profile.id}`);
    expect(details.json<ModelDetails>().id).toBe(profile.id);
    expect((await t.app.inject('/api/model/streaming-counts')).json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { id: 'validation.invalidId' },
    });
  });
});

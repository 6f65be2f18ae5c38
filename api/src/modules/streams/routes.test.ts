import type { ModelDetails, StreamingCountResponse } from 'contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveStreams } from '../../db/schema';
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
  it('counts live streams only: online profiles without a stream are not streaming', async () => {
    await createProfile(t.db, { isOnline: true });
    expect(await streamingCount()).toBe(0);
  });

  it('goes up while a visible profile streams and down when the stream ends', async () => {
    const before = await streamingCount();
    const profile = await createProfile(t.db);
    const [stream] = await t.db.insert(liveStreams).values({ profileId: profile.id }).returning();
    expect(await streamingCount()).toBe(before + 1);
    await t.db
      .update(liveStreams)
      .set({ endedAt: new Date() })
      .where(eq(liveStreams.id, stream?.id ?? -1));
    expect(await streamingCount()).toBe(before);
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

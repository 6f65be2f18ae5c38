import type { ModelDetails, ModelListResponse, StreamingCountResponse } from 'contracts';
import type {
  CurrentStream,
  LiveStreamList,
  StreamPage,
  StreamRecordList,
  StreamSummary,
} from 'contracts/streams';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveStreams, modelProfiles } from '../../db/schema';
import { seed } from '../../db/seed';
import { createAgent } from '../../testing/agent';
import { createAccount, createProfile } from '../../testing/builders';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import { createFakeMedia, type FakeMedia } from './testing/fake-media';
import { modelWithListedProfile } from './testing/stream-client';

let t: TestApp;
let fake: FakeMedia;

beforeAll(async () => {
  fake = createFakeMedia();
  t = await createTestApp({ streamMedia: fake.media });
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
    const before = await streamingCount();
    await createProfile(t.db, { isOnline: true });
    expect(await streamingCount()).toBe(before);
  });

  it('goes up while a visible profile streams and down when the stream ends', async () => {
    const before = await streamingCount();
    const model = await modelWithListedProfile(t);
    const stream = await model.start();
    expect(await streamingCount()).toBe(before + 1);
    expect((await model.agent.post(`/api/streams/${stream.id}/stop`)).statusCode).toBe(200);
    expect(await streamingCount()).toBe(before);
  });

  it('counts only visible profiles: a live stream of a hidden profile is not in the figure', async () => {
    const before = await streamingCount();
    const model = await modelWithListedProfile(t);
    await model.start();
    expect(await streamingCount()).toBe(before + 1);
    await t.db
      .update(modelProfiles)
      .set({ status: 'unactive' })
      .where(eq(modelProfiles.id, model.profile.id));
    expect(await streamingCount()).toBe(before);
    await t.db.update(modelProfiles).set({ status: 'active' }).where(eq(modelProfiles.id, model.profile.id));
    expect(await streamingCount()).toBe(before + 1);
  });

  it('is cached a second at most, sets no cookie, is not taken for a profile id, and GET /api/model/:id still answers profiles', async () => {
    const response = await t.app.inject('/api/model/streaming-count');
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json())).toEqual(['count']);
    expect(response.headers['cache-control']).toBe('public, max-age=1');
    // Every page's header asks for it: a cookie minted here raced the page's own first calls.
    expect(response.headers['set-cookie']).toBeUndefined();
    for (const url of ['/api/streams/live']) {
      const other = await t.app.inject(url);
      expect(other.headers['cache-control'], url).toBe('public, max-age=1');
      expect(other.headers['set-cookie'], url).toBeUndefined();
    }

    const profile = await createProfile(t.db);
    const details = await t.app.inject(`/api/model/${profile.id}`);
    expect(details.json<ModelDetails>().id).toBe(profile.id);
    expect((await t.app.inject('/api/model/streaming-counts')).json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { id: 'validation.invalidId' },
    });
  });
});

describe('starting a stream', () => {
  it('starts a stream of her listed profile: 201 with a live summary and a 16-character channel', async () => {
    const model = await modelWithListedProfile(t);
    const response = await model.agent.post(`/api/own-profiles/${model.profile.id}/stream`, {
      chatEnabled: false,
    });
    expect(response.statusCode).toBe(201);
    const stream = response.json<StreamSummary>();
    expect(stream).toMatchObject({
      profileId: model.profile.id,
      status: 'live',
      viewers: 0,
      chatEnabled: false,
      endedAt: null,
    });
    expect(stream.channelId).toMatch(/^[A-Za-z0-9_-]{16}$/);
    const [row] = await t.db.select().from(liveStreams).where(eq(liveStreams.id, stream.id));
    expect(row).toMatchObject({ accountId: model.account.id, chatEnabled: false, endedAt: null });

    const current = await model.agent.get('/api/own-profiles/streams/current');
    expect(current.json<CurrentStream>().stream).toEqual(stream);
  });

  it("refuses another account's profile with 404, like a missing one", async () => {
    const model = await modelWithListedProfile(t);
    const other = await modelWithListedProfile(t);
    const response = await model.agent.post(`/api/own-profiles/${other.profile.id}/stream`, {
      chatEnabled: true,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'MODEL_NOT_FOUND' });
    expect(
      (await model.agent.post('/api/own-profiles/999999/stream', { chatEnabled: true })).statusCode,
    ).toBe(404);
  });

  it('refuses a profile the catalogue does not show with 409 STREAM_PROFILE_NOT_LISTED', async () => {
    const model = await modelWithListedProfile(t);
    const draft = await createProfile(t.db, { accountId: model.account.id, status: 'draft' });
    const blocked = await createProfile(t.db, { accountId: model.account.id, isBlocked: true });
    for (const profile of [draft, blocked]) {
      const response = await model.agent.post(`/api/own-profiles/${profile.id}/stream`, {
        chatEnabled: true,
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 'STREAM_PROFILE_NOT_LISTED' });
    }
  });

  it('allows one live stream per account: a second, on any of her profiles, is 409 STREAM_ALREADY_LIVE', async () => {
    const model = await modelWithListedProfile(t);
    const second = await createProfile(t.db, { accountId: model.account.id });
    await model.start();
    for (const id of [model.profile.id, second.id]) {
      const response = await model.agent.post(`/api/own-profiles/${id}/stream`, { chatEnabled: true });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 'STREAM_ALREADY_LIVE' });
    }
  });

  it('refuses guests (401), visitors accounts (403), a missing CSRF header (403) and bad bodies (400)', async () => {
    const model = await modelWithListedProfile(t);
    const url = `/api/own-profiles/${model.profile.id}/stream`;
    expect((await createAgent(t.app).post(url, { chatEnabled: true })).statusCode).toBe(401);
    const visitor = createAgent(t.app);
    await visitor.signInAs((await createAccount(t.db, { accountType: 'advister' })).id);
    expect((await visitor.post(url, { chatEnabled: true })).statusCode).toBe(403);
    const noCsrf = await model.agent.post(url, { chatEnabled: true }, { withoutCsrf: true });
    expect(noCsrf.statusCode).toBe(403);
    for (const body of [{}, { chatEnabled: 'yes' }, { chatEnabled: true, extra: 1 }, [1, 2], null]) {
      const response = await model.agent.post(url, body);
      expect(response.statusCode).toBe(400);
    }
    expect((await model.agent.post('/api/own-profiles/abc/stream', { chatEnabled: true })).statusCode).toBe(
      400,
    );
    expect(await t.db.select().from(liveStreams).where(eq(liveStreams.profileId, model.profile.id))).toEqual(
      [],
    );
  });
});

describe('pause, resume, chat switch and stop', () => {
  it('pauses and resumes (the media is told), switches the chat, stops; then everything is 409 STREAM_ENDED', async () => {
    const model = await modelWithListedProfile(t);
    const stream = await model.start();
    const paused = await model.agent.post(`/api/streams/${stream.id}/pause`);
    expect(paused.statusCode).toBe(200);
    expect(paused.json<StreamSummary>().status).toBe('paused');
    expect(fake.callsOf('setPaused').at(-1)).toEqual({
      call: 'setPaused',
      streamId: stream.id,
      paused: true,
    });
    const [row] = await t.db.select().from(liveStreams).where(eq(liveStreams.id, stream.id));
    expect(row?.pausedAt).not.toBeNull();

    const resumed = await model.agent.post(`/api/streams/${stream.id}/resume`);
    expect(resumed.json<StreamSummary>().status).toBe('live');
    expect(fake.callsOf('setPaused').at(-1)).toEqual({
      call: 'setPaused',
      streamId: stream.id,
      paused: false,
    });

    const chatOff = await model.agent.patch(`/api/streams/${stream.id}`, { chatEnabled: false });
    expect(chatOff.json<StreamSummary>().chatEnabled).toBe(false);

    const stopped = await model.agent.post(`/api/streams/${stream.id}/stop`);
    expect(stopped.statusCode).toBe(200);
    expect(stopped.json<StreamSummary>()).toMatchObject({ status: 'ended', endedAt: expect.any(String) });
    expect(fake.callsOf('end')).toContainEqual({ call: 'end', streamId: stream.id });
    const [ended] = await t.db.select().from(liveStreams).where(eq(liveStreams.id, stream.id));
    expect(ended?.endReason).toBe('stopped');

    for (const action of ['pause', 'resume', 'stop']) {
      const response = await model.agent.post(`/api/streams/${stream.id}/${action}`);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 'STREAM_ENDED' });
    }
    expect((await model.agent.patch(`/api/streams/${stream.id}`, { chatEnabled: true })).statusCode).toBe(
      409,
    );
    expect(
      (await model.agent.get('/api/own-profiles/streams/current')).json<CurrentStream>().stream,
    ).toBeNull();
    // She may go live again.
    expect((await model.start()).id).not.toBe(stream.id);
  });

  it("answers 404 for another model's stream and for none, and 400 for a bad id", async () => {
    const model = await modelWithListedProfile(t);
    const other = await modelWithListedProfile(t);
    const stream = await other.start();
    for (const action of ['pause', 'resume', 'stop']) {
      const response = await model.agent.post(`/api/streams/${stream.id}/${action}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
    expect((await model.agent.patch(`/api/streams/${stream.id}`, { chatEnabled: false })).statusCode).toBe(
      404,
    );
    expect((await model.agent.post('/api/streams/999999/stop')).statusCode).toBe(404);
    expect((await model.agent.post('/api/streams/x/stop')).statusCode).toBe(400);
    expect((await model.agent.patch(`/api/streams/${stream.id}`, { chatEnabled: 1 })).statusCode).toBe(400);
    expect(
      (await other.agent.post(`/api/streams/${stream.id}/stop`, {}, { withoutCsrf: true })).statusCode,
    ).toBe(403);
  });
});

describe('public stream pages, the live strip and the cards', () => {
  it('answers a stream page by id and channel; a wrong channel or id is 404; an ended one says ended', async () => {
    const model = await modelWithListedProfile(t);
    const stream = await model.start();
    const page = await t.app.inject(`/api/streams/${stream.id}/${stream.channelId}`);
    expect(page.statusCode).toBe(200);
    expect(page.json<StreamPage>()).toMatchObject({
      id: stream.id,
      status: 'live',
      profile: { id: model.profile.id },
    });

    const wrong = `${stream.channelId.slice(0, 15)}${stream.channelId.endsWith('A') ? 'B' : 'A'}`;
    expect((await t.app.inject(`/api/streams/${stream.id}/${wrong}`)).statusCode).toBe(404);
    expect((await t.app.inject(`/api/streams/999999/${stream.channelId}`)).statusCode).toBe(404);
    expect((await t.app.inject(`/api/streams/${stream.id}/short`)).statusCode).toBe(400);

    await model.agent.post(`/api/streams/${stream.id}/stop`);
    const ended = await t.app.inject(`/api/streams/${stream.id}/${stream.channelId}`);
    expect(ended.json<StreamPage>()).toMatchObject({ status: 'ended', endedAt: expect.any(String) });
    await t.db.update(modelProfiles).set({ isBlocked: true }).where(eq(modelProfiles.id, model.profile.id));
    expect(
      (await t.app.inject(`/api/streams/${stream.id}/${stream.channelId}`)).json<StreamPage>().profile,
    ).toBeNull();
  });

  it('lists streams on air of visible profiles, newest first, filtered by city and category', async () => {
    const first = await modelWithListedProfile(t);
    const second = await modelWithListedProfile(t);
    const a = await first.start();
    const b = await second.start();
    const all = (await t.app.inject('/api/streams/live')).json<LiveStreamList>();
    const ids = all.items.map((item) => item.id);
    expect(ids.indexOf(b.id)).toBeLessThan(ids.indexOf(a.id));
    expect(all.items.find((item) => item.id === a.id)?.profile.id).toBe(first.profile.id);

    const inCity = (await t.app.inject(`/api/streams/live?city=${first.city.slug}`)).json<LiveStreamList>();
    expect(inCity.items.map((item) => item.id)).toEqual([a.id]);
    const elite = (
      await t.app.inject(`/api/streams/live?city=${first.city.slug}&category=elite`)
    ).json<LiveStreamList>();
    expect(elite.items).toEqual([]);
    // Each combination of filters has its own prepared statement: the category alone too.
    const [{ category } = { category: '' }] = await t.db
      .select({ category: modelProfiles.category })
      .from(modelProfiles)
      .where(eq(modelProfiles.id, first.profile.id));
    const inCategory = (await t.app.inject(`/api/streams/live?category=${category}`)).json<LiveStreamList>();
    expect(inCategory.items.map((item) => item.id)).toContain(a.id);
    expect(
      (await t.app.inject(`/api/streams/live?city=${first.city.slug}&category=${category}`))
        .json<LiveStreamList>()
        .items.map((item) => item.id),
    ).toEqual([a.id]);
    expect((await t.app.inject('/api/streams/live?category=nope')).statusCode).toBe(400);

    await t.db
      .update(modelProfiles)
      .set({ status: 'unactive' })
      .where(eq(modelProfiles.id, first.profile.id));
    const after = (await t.app.inject('/api/streams/live')).json<LiveStreamList>();
    expect(after.items.map((item) => item.id)).not.toContain(a.id);
  });

  it('puts liveStream on the cards and the details of a profile on air, and null otherwise', async () => {
    const model = await modelWithListedProfile(t);
    const listing = async () =>
      (await t.app.inject(`/api/model?city=${model.city.slug}`)).json<ModelListResponse>().items[0];
    const details = async () => (await t.app.inject(`/api/model/${model.profile.id}`)).json<ModelDetails>();
    expect((await listing())?.liveStream).toBeNull();
    expect((await details()).liveStream).toBeNull();

    const stream = await model.start();
    expect((await listing())?.liveStream).toEqual({ id: stream.id, channelId: stream.channelId });
    expect((await details()).liveStream).toEqual({ id: stream.id, channelId: stream.channelId });
    await model.agent.post(`/api/streams/${stream.id}/pause`);
    expect((await listing())?.liveStream).toEqual({ id: stream.id, channelId: stream.channelId });

    await model.agent.post(`/api/streams/${stream.id}/stop`);
    expect((await listing())?.liveStream).toBeNull();
    expect((await details()).liveStream).toBeNull();
  });
});

describe('analytics: GET /api/own-profiles/streams', () => {
  it('lists her streams newest first with start, end, duration, peak and reason; only hers', async () => {
    const model = await modelWithListedProfile(t, 'Вера');
    const other = await modelWithListedProfile(t);
    await other.start();
    const first = await model.start();
    await model.agent.post(`/api/streams/${first.id}/stop`);
    await t.db
      .update(liveStreams)
      .set({
        startedAt: new Date(Date.now() - 3_600_000),
        endedAt: new Date(Date.now() - 3_000_000),
        peakViewers: 7,
      })
      .where(eq(liveStreams.id, first.id));
    const second = await model.start();

    const response = await model.agent.get('/api/own-profiles/streams');
    expect(response.statusCode).toBe(200);
    const records = response.json<StreamRecordList>();
    expect(records).toMatchObject({ total: 2, page: 1, pageSize: 20 });
    expect(records.items.map((item) => item.id)).toEqual([second.id, first.id]);
    expect(records.items[1]).toMatchObject({
      profileId: model.profile.id,
      profileName: 'Вера',
      durationSeconds: 600,
      peakViewers: 7,
      endReason: 'stopped',
    });
    expect(records.items[0]).toMatchObject({ endedAt: null, endReason: null });

    expect(
      (await model.agent.get('/api/own-profiles/streams?page=2')).json<StreamRecordList>().items,
    ).toEqual([]);
    expect((await model.agent.get('/api/own-profiles/streams?page=0')).statusCode).toBe(400);
    expect((await createAgent(t.app).get('/api/own-profiles/streams')).statusCode).toBe(401);
  });
});

describe('the OpenAPI document', () => {
  it('lists every stream route with its schemas', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    for (const [path, method] of [
      ['/api/model/streaming-count', 'get'],
      ['/api/streams/live', 'get'],
      ['/api/streams/{id}/{channelId}', 'get'],
      ['/api/own-profiles/{id}/stream', 'post'],
      ['/api/own-profiles/streams/current', 'get'],
      ['/api/own-profiles/streams', 'get'],
      ['/api/streams/{id}/pause', 'post'],
      ['/api/streams/{id}/resume', 'post'],
      ['/api/streams/{id}/stop', 'post'],
      ['/api/streams/{id}', 'patch'],
      ['/ws/stream', 'get'],
    ] as const) {
      expect(doc.paths[path], path).toHaveProperty(method);
    }
  });
});

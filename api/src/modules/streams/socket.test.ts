import type { WebSocket } from '@fastify/websocket';
import type { StreamingCountResponse } from 'contracts';
import { STREAM_FRAME_MAX_BYTES } from 'contracts/streams';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { liveStreams } from '../../db/schema';
import { signedInAdmin } from '../../testing/admin';
import { createAgent } from '../../testing/agent';
import { createAccount } from '../../testing/builders';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import { closeWebSocket, eventually, openWebSocket } from '../../testing/websocket-client';
import { createFakeMedia, type FakeMedia } from './testing/fake-media';
import {
  connectStream,
  cookieOf,
  modelWithListedProfile,
  type StreamClient,
  streamQuery,
} from './testing/stream-client';

// Short enough for the tests to wait them out, long enough for a loaded machine not to miss a pong.
const GRACE_MS = 1_000;
const HEARTBEAT_MS = 400;
/** Viewer counts go out at most this often. */
const VIEWERS_MS = 200;

let t: TestApp;
let fake: FakeMedia;
let origin: string;
const open: WebSocket[] = [];

beforeAll(async () => {
  fake = createFakeMedia();
  t = await createTestApp({
    streamMedia: fake.media,
    streams: { heartbeatMs: HEARTBEAT_MS, graceMs: GRACE_MS, viewerBroadcastMs: VIEWERS_MS },
    // Every test opens many sockets from one address.
    socketLimits: { perAddress: 1_000, upgradesPerAddress: { max: 10_000, windowSeconds: 60 } },
  });
  origin = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http://', 'ws://');
});

afterEach(async () => {
  await Promise.all(open.splice(0).map(closeWebSocket));
});

afterAll(async () => {
  await t?.close();
});

async function join(stream: { id: number; channelId: string }, cookie?: string): Promise<StreamClient> {
  const client = await connectStream(origin, streamQuery(stream), cookie ? { headers: { cookie } } : {});
  open.push(client.socket);
  return client;
}

/** A guest with a visitor cookie of its own (one visitor: the same cookie on every tab). */
async function guestCookie(): Promise<string> {
  const agent = createAgent(t.app);
  await agent.get('/api/health');
  return cookieOf(agent);
}

async function liveModel(name?: string) {
  const model = await modelWithListedProfile(t, name);
  const stream = await model.start();
  const socket = await join(stream, model.cookie());
  await socket.next('welcome');
  return { ...model, stream, socket };
}

async function viewerWithNickname(stream: { id: number; channelId: string }, nickname: string) {
  const viewer = await join(stream, await guestCookie());
  await viewer.next('welcome');
  viewer.send({ type: 'nickname', name: nickname });
  await viewer.next('nickname');
  return viewer;
}

const row = async (id: number) => (await t.db.select().from(liveStreams).where(eq(liveStreams.id, id)))[0];

describe('joining /ws/stream', () => {
  it('welcomes the owner as the model and anyone else (another account too) as a viewer', async () => {
    const model = await modelWithListedProfile(t, 'Милана');
    const stream = await model.start();
    const own = await join(stream, model.cookie());
    const welcome = await own.next('welcome');
    expect(welcome).toEqual({
      type: 'welcome',
      role: 'model',
      state: { status: 'live', viewers: 0, chatEnabled: true },
      media: { provider: 'embedded', iceServers: [] },
      history: [],
      nickname: 'Милана',
    });

    const other = await modelWithListedProfile(t);
    const stranger = await join(stream, other.cookie());
    expect(await stranger.next('welcome')).toMatchObject({ role: 'viewer', nickname: null });
    const guest = await join(stream);
    expect(await guest.next('welcome')).toMatchObject({ role: 'viewer', nickname: null });
    expect(fake.callsOf('clientConfig').filter((call) => call.streamId === stream.id)).toEqual([
      {
        call: 'clientConfig',
        streamId: stream.id,
        participant: { role: 'model', identity: 'model', name: 'Милана' },
      },
      expect.objectContaining({ participant: expect.objectContaining({ role: 'viewer' }) }),
      expect.objectContaining({ participant: expect.objectContaining({ role: 'viewer' }) }),
    ]);
  });

  it('closes 4404 for an unknown stream or channel, and says `ended` then closes 1000 for an ended one', async () => {
    const { stream, agent } = await liveModel();
    const wrongChannel = await connectStream(origin, `stream=${stream.id}&channel=AAAAAAAAAAAAAAAA`);
    expect(await wrongChannel.closed).toBe(4404);
    for (const query of [
      `stream=999999&channel=${stream.channelId}`,
      'stream=x',
      '',
      'stream=1&channel=../../x',
    ]) {
      expect(await (await connectStream(origin, query)).closed).toBe(4404);
    }
    await agent.post(`/api/streams/${stream.id}/stop`);
    const late = await connectStream(origin, streamQuery(stream));
    expect(await late.closed).toBe(1000);
    expect(late.messages).toEqual([{ type: 'ended', reason: 'stopped' }]);
  });

  it("refuses another site's page with 403 before upgrading", async () => {
    const { stream } = await liveModel();
    await expect(
      connectStream(origin, streamQuery(stream), { headers: { origin: 'https://evil.example' } }),
    ).rejects.toThrow('the server answered 403 instead of upgrading');
  });
});

describe('signalling through the StreamMedia', () => {
  it("relays the model's offer to her publisher and the publisher's answer back to her", async () => {
    const { stream, socket } = await liveModel();
    expect(fake.callsOf('publish')).toContainEqual({ call: 'publish', streamId: stream.id });
    socket.send({ type: 'signal', data: { kind: 'offer', sdp: 'v=0 model offer' } });
    await eventually(() =>
      expect(fake.callsOf('signal')).toContainEqual({
        call: 'signal',
        streamId: stream.id,
        peer: 'model',
        data: { kind: 'offer', sdp: 'v=0 model offer' },
      }),
    );
    fake.peerOf(stream.id, 'model')?.send({ kind: 'answer', sdp: 'v=0 server answer' });
    expect(await socket.next('signal')).toEqual({
      type: 'signal',
      data: { kind: 'answer', sdp: 'v=0 server answer' },
    });
  });

  it("offers to a viewer as soon as it is welcomed, and relays the viewer's answer and candidates", async () => {
    const { stream } = await liveModel();
    const viewer = await join(stream);
    await viewer.next('welcome');
    await eventually(() => expect(fake.peerOf(stream.id, 'viewer')).toBeDefined());
    const peer = fake.peerOf(stream.id, 'viewer');
    expect(fake.callsOf('watch')).toContainEqual({ call: 'watch', streamId: stream.id, viewerId: peer?.id });
    peer?.send({ kind: 'offer', sdp: 'v=0 server offer' });
    expect(await viewer.next('signal')).toMatchObject({ data: { kind: 'offer' } });
    viewer.send({ type: 'signal', data: { kind: 'answer', sdp: 'v=0 viewer answer' } });
    const candidate = {
      candidate: 'candidate:1 1 udp 1 127.0.0.1 5000 typ host',
      sdpMid: '0',
      sdpMLineIndex: 0,
    };
    viewer.send({ type: 'signal', data: { kind: 'candidate', candidate } });
    await eventually(() => {
      const fromViewer = fake.callsOf('signal').filter((call) => call.peer === peer?.id);
      expect(fromViewer.map((call) => call.data)).toEqual([
        { kind: 'answer', sdp: 'v=0 viewer answer' },
        { kind: 'candidate', candidate },
      ]);
    });
    // The viewer leaves: its connection is closed.
    await closeWebSocket(viewer.socket);
    await eventually(() => expect(peer?.closed).toBe(true));
  });

  it('tells the browser MEDIA_FAILED when the media refuses a signal, and keeps the socket', async () => {
    const { socket } = await liveModel();
    fake.failSignals(true);
    try {
      socket.send({ type: 'signal', data: { kind: 'offer', sdp: 'v=0 bad' } });
      expect(await socket.next('error')).toEqual({ type: 'error', code: 'MEDIA_FAILED' });
      expect(socket.socket.readyState).toBe(socket.socket.OPEN);
    } finally {
      fake.failSignals(false);
    }
  });

  it('closes (1008) a viewer that offers, removes or mutes, and only that viewer', async () => {
    const { stream, socket: model } = await liveModel();
    const bystander = await viewerWithNickname(stream, 'Зритель');
    for (const message of [
      { type: 'signal', data: { kind: 'offer', sdp: 'v=0 fake model' } },
      { type: 'remove', lineId: 'abc' },
      { type: 'mute', nickname: 'Зритель' },
    ]) {
      const claimer = await join(stream);
      await claimer.next('welcome');
      claimer.send(message);
      expect(await claimer.closed).toBe(1008);
    }
    bystander.send({ type: 'chat', text: 'всё ещё здесь' });
    expect(await model.next('chat', (m) => m.line.text === 'всё ещё здесь')).toBeDefined();
  });
});

describe('chat', () => {
  it('goes both ways: viewer lines to the model, hers marked with her profile name', async () => {
    const { stream, socket: model } = await liveModel('Лена');
    const viewer = await viewerWithNickname(stream, 'Гость_1');
    viewer.send({ type: 'chat', text: '  Привет! https://example.com  ' });
    const line = (await model.next('chat')).line;
    expect(line).toMatchObject({
      nickname: 'Гость_1',
      text: 'Привет! https://example.com',
      fromModel: false,
    });
    expect(line.id).toMatch(/^[A-Za-z0-9_-]{1,32}$/);
    model.send({ type: 'chat', text: 'Привет всем' });
    expect((await viewer.next('chat', (m) => m.line.fromModel)).line).toMatchObject({
      nickname: 'Лена',
      text: 'Привет всем',
      fromModel: true,
    });
    // A newcomer gets the history.
    const late = await join(stream);
    expect((await late.next('welcome')).history.map((l) => l.text)).toEqual([
      'Привет! https://example.com',
      'Привет всем',
    ]);
  });

  it('asks for a nickname first, refuses invalid and taken ones, and keeps it per visitor across tabs', async () => {
    const { stream } = await liveModel('Кира');
    const cookie = await guestCookie();
    const tab = await join(stream, cookie);
    await tab.next('welcome');
    tab.send({ type: 'chat', text: 'без имени' });
    expect(await tab.next('error')).toEqual({ type: 'error', code: 'NICKNAME_REQUIRED' });
    for (const name of ['a', '<script>', ' ', 'x'.repeat(25), '.точка']) {
      tab.messages.length = 0;
      tab.send({ type: 'nickname', name });
      expect(await tab.next('error')).toEqual({ type: 'error', code: 'NICKNAME_INVALID' });
    }
    tab.send({ type: 'nickname', name: 'Ник' });
    expect(await tab.next('nickname')).toEqual({ type: 'nickname', name: 'Ник' });

    const otherVisitor = await join(stream, await guestCookie());
    await otherVisitor.next('welcome');
    otherVisitor.send({ type: 'nickname', name: 'ник' });
    expect(await otherVisitor.next('error')).toEqual({ type: 'error', code: 'NICKNAME_TAKEN' });
    otherVisitor.messages.length = 0;
    otherVisitor.send({ type: 'nickname', name: 'кира' });
    expect(await otherVisitor.next('error')).toEqual({ type: 'error', code: 'NICKNAME_TAKEN' });

    const secondTab = await join(stream, cookie);
    expect((await secondTab.next('welcome')).nickname).toBe('Ник');
  });

  it('refuses a line faster than one a second (CHAT_TOO_FAST), an invalid line, and keeps the socket', async () => {
    const { stream, socket: model } = await liveModel();
    const viewer = await viewerWithNickname(stream, 'Быстрый');
    viewer.send({ type: 'chat', text: 'раз' });
    viewer.send({ type: 'chat', text: 'два' });
    expect(await viewer.next('error')).toEqual({ type: 'error', code: 'CHAT_TOO_FAST' });
    viewer.messages.length = 0;
    viewer.send({ type: 'chat', text: 'строка\nс переносом' });
    expect(await viewer.next('error')).toEqual({ type: 'error', code: 'CHAT_LINE_INVALID' });
    viewer.messages.length = 0;
    viewer.send({ type: 'chat', text: 'x'.repeat(301) });
    expect(await viewer.next('error')).toEqual({ type: 'error', code: 'CHAT_LINE_INVALID' });
    await new Promise((resolve) => setTimeout(resolve, 1_050));
    viewer.send({ type: 'chat', text: 'три' });
    expect((await model.next('chat', (m) => m.line.text === 'три')).line.nickname).toBe('Быстрый');
    expect(
      model.messages.filter((m) => m.type === 'chat').map((m) => m.type === 'chat' && m.line.text),
    ).toEqual(['раз', 'три']);
  });

  it('refuses lines with CHAT_DISABLED while the model has the chat off, and works while paused', async () => {
    const { stream, agent, socket: model } = await liveModel();
    const viewer = await viewerWithNickname(stream, 'Тихий');
    await agent.patch(`/api/streams/${stream.id}`, { chatEnabled: false });
    expect(await viewer.next('state', (m) => !m.state.chatEnabled)).toMatchObject({
      state: { chatEnabled: false, status: 'live' },
    });
    viewer.send({ type: 'chat', text: 'можно?' });
    expect(await viewer.next('error')).toEqual({ type: 'error', code: 'CHAT_DISABLED' });

    await agent.patch(`/api/streams/${stream.id}`, { chatEnabled: true });
    await agent.post(`/api/streams/${stream.id}/pause`);
    expect(await viewer.next('state', (m) => m.state.status === 'paused')).toMatchObject({
      state: { status: 'paused', chatEnabled: true },
    });
    viewer.send({ type: 'chat', text: 'на паузе' });
    expect((await model.next('chat')).line.text).toBe('на паузе');
    await agent.post(`/api/streams/${stream.id}/resume`);
    expect(await viewer.next('state', (m) => m.state.status === 'live')).toBeDefined();
  });

  it('lets the model remove a line for everyone and mute a nickname (MUTED for its lines)', async () => {
    const { stream, socket: model } = await liveModel();
    const viewer = await viewerWithNickname(stream, 'Грубиян');
    const witness = await viewerWithNickname(stream, 'Свидетель');
    viewer.send({ type: 'chat', text: 'плохая строка' });
    const { line } = await model.next('chat');
    model.send({ type: 'remove', lineId: line.id });
    expect(await witness.next('removed')).toEqual({ type: 'removed', lineId: line.id });
    const late = await join(stream);
    expect((await late.next('welcome')).history).toEqual([]);

    model.send({ type: 'mute', nickname: 'грубиян' });
    await new Promise((resolve) => setTimeout(resolve, 1_050));
    viewer.send({ type: 'chat', text: 'снова' });
    expect(await viewer.next('error')).toEqual({ type: 'error', code: 'MUTED' });
    witness.send({ type: 'chat', text: 'я могу' });
    expect((await model.next('chat', (m) => m.line.text === 'я могу')).line.nickname).toBe('Свидетель');
  });
});

describe('bad input closes only that socket', () => {
  it('closes on garbage, binary, unknown messages and oversize frames; the others keep working', async () => {
    const { stream, socket: model } = await liveModel();
    const steady = await viewerWithNickname(stream, 'Стойкий');
    const frames: Array<{ data: string | Buffer; code: number }> = [
      { data: 'not json', code: 1008 },
      { data: '{"type":"chat"}', code: 1008 },
      { data: JSON.stringify({ type: 'chat', text: 'x', extra: true }), code: 1008 },
      { data: JSON.stringify({ type: 'welcome', role: 'model' }), code: 1008 },
      { data: '[]', code: 1008 },
      { data: 'null', code: 1008 },
      { data: Buffer.from([0, 1, 2, 3]), code: 1008 },
      { data: 'x'.repeat(STREAM_FRAME_MAX_BYTES + 1), code: 1009 },
    ];
    for (const { data, code } of frames) {
      const bad = await join(stream);
      await bad.next('welcome');
      bad.socket.send(data);
      expect(await bad.closed, String(data).slice(0, 40)).toBe(code);
    }
    steady.send({ type: 'chat', text: 'живой' });
    expect((await model.next('chat', (m) => m.line.text === 'живой')).line.nickname).toBe('Стойкий');
    expect(model.socket.readyState).toBe(model.socket.OPEN);
    expect((await row(stream.id))?.endedAt).toBeNull();
  });

  it('closes a socket that floods past 240 messages a minute, and nothing else', async () => {
    const { stream, socket: model } = await liveModel();
    const flooder = await join(stream);
    await flooder.next('welcome');
    for (let index = 0; index < 300; index++) flooder.send({ type: 'nickname', name: `n${index}` });
    expect(await flooder.closed).toBe(1008);
    model.send({ type: 'chat', text: 'после потопа' });
    expect((await model.next('chat', (m) => m.line.text === 'после потопа')).line.fromModel).toBe(true);
  });
});

describe('viewers', () => {
  it('counts viewers, tells every socket (coalesced), and stores the peak when the stream ends', async () => {
    const { stream, agent, socket: model } = await liveModel();
    const startedAt = Date.now();
    const viewers = await Promise.all(Array.from({ length: 6 }, () => join(stream)));
    await Promise.all(viewers.map((viewer) => viewer.next('welcome')));
    expect(await model.next('state', (m) => m.state.viewers === 6)).toBeDefined();
    const elapsed = Date.now() - startedAt;
    // Six changes, but counts go out at most once per VIEWERS_MS (the first at once).
    const frames = model.messages.filter((m) => m.type === 'state').length;
    expect(frames).toBeLessThanOrEqual(Math.floor(elapsed / VIEWERS_MS) + 1);
    expect((await viewers[1]?.next('state', (m) => m.state.viewers === 6))?.state.status).toBe('live');
    await closeWebSocket(viewers[0]?.socket as WebSocket);
    expect(await model.next('state', (m) => m.state.viewers === 5)).toBeDefined();
    expect((await agent.get('/api/own-profiles/streams/current')).json()).toMatchObject({
      stream: { viewers: 5 },
    });

    await agent.post(`/api/streams/${stream.id}/stop`);
    for (const viewer of viewers.slice(1)) {
      expect(await viewer.next('ended')).toEqual({ type: 'ended', reason: 'stopped' });
      expect(await viewer.closed).toBe(1000);
    }
    expect(await model.closed).toBe(1000);
    expect(await row(stream.id)).toMatchObject({ peakViewers: 6, endReason: 'stopped' });
    expect(fake.callsOf('end')).toContainEqual({ call: 'end', streamId: stream.id });
  });
});

describe('the end of a stream', () => {
  async function streamingCount(): Promise<number> {
    return (await t.app.inject('/api/model/streaming-count')).json<StreamingCountResponse>().count;
  }

  it('ends at once when an admin blocks the profile: viewers get `ended`, the live figure drops', async () => {
    // The models of earlier tests left: their streams end after the grace.
    await new Promise((resolve) => setTimeout(resolve, GRACE_MS + 200));
    const { stream, profile, socket: model } = await liveModel();
    const viewer = await join(stream);
    await viewer.next('welcome');
    const figures: unknown[] = [];
    const presence = await openWebSocket(`${origin}/ws/online`, {}, (data) =>
      figures.push(JSON.parse(String(data))),
    );
    open.push(presence);
    const before = await streamingCount();
    await eventually(() => expect(figures.at(-1)).toEqual({ streaming: before }));

    const { agent: admin } = await signedInAdmin(t);
    const blocked = await admin.post(`/api/admin-panel/profiles/${profile.id}/block`, {
      reason: 'Нарушение правил',
    });
    expect(blocked.statusCode).toBe(200);
    expect(await viewer.next('ended')).toEqual({ type: 'ended', reason: 'blocked' });
    expect(await viewer.closed).toBe(1000);
    expect(await model.closed).toBe(1000);
    expect(await row(stream.id)).toMatchObject({ endReason: 'blocked', endedAt: expect.any(Date) });
    expect(await streamingCount()).toBe(before - 1);
    await eventually(() => expect(figures.at(-1)).toEqual({ streaming: before - 1 }), 2_000);
    expect(fake.callsOf('end')).toContainEqual({ call: 'end', streamId: stream.id });
  });

  it("ends when an admin blocks the model's account", async () => {
    const { stream, account } = await liveModel();
    const viewer = await join(stream);
    await viewer.next('welcome');
    const { agent: admin } = await signedInAdmin(t);
    const blocked = await admin.post(`/api/admin-panel/accounts/${account.id}/block`, {
      reason: 'Нарушения',
    });
    expect(blocked.statusCode).toBe(200);
    expect(await viewer.next('ended')).toEqual({ type: 'ended', reason: 'blocked' });
  });

  it('ends when she deletes the profile', async () => {
    const { stream, profile, agent } = await liveModel();
    const viewer = await join(stream);
    await viewer.next('welcome');
    const deleted = await agent.delete(`/api/profiles/${profile.id}`);
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    expect(await viewer.next('ended')).toEqual({ type: 'ended', reason: 'deleted' });
    expect(await viewer.closed).toBe(1000);
    expect(fake.callsOf('end')).toContainEqual({ call: 'end', streamId: stream.id });
  });

  it('ends after the reconnect grace when her socket closes, and not when she is back in time', async () => {
    const model = await liveModel();
    const viewer = await join(model.stream);
    await viewer.next('welcome');
    // Back within the grace: the stream goes on.
    await closeWebSocket(model.socket.socket);
    const again = await join(model.stream, model.cookie());
    expect((await again.next('welcome')).role).toBe('model');
    await new Promise((resolve) => setTimeout(resolve, GRACE_MS + 100));
    expect((await row(model.stream.id))?.endedAt).toBeNull();

    await closeWebSocket(again.socket);
    expect(await viewer.next('ended', undefined, GRACE_MS + 2_000)).toEqual({
      type: 'ended',
      reason: 'disconnected',
    });
    expect(await row(model.stream.id)).toMatchObject({ endReason: 'disconnected' });
  });

  it('ends when her socket stops answering pings (a lost connection)', async () => {
    const model = await modelWithListedProfile(t);
    const stream = await model.start();
    const silent = await connectStream(origin, streamQuery(stream), {
      headers: { cookie: model.cookie() },
      autoPong: false,
    });
    open.push(silent.socket);
    await silent.next('welcome');
    const viewer = await join(stream);
    await viewer.next('welcome');
    expect(await viewer.next('ended', undefined, 4 * HEARTBEAT_MS + 2_000)).toEqual({
      type: 'ended',
      reason: 'disconnected',
    });
  });

  it('a viewer that stops answering pings is dropped, and the stream goes on', async () => {
    const { stream, socket: model } = await liveModel();
    const silent = await connectStream(origin, streamQuery(stream), { autoPong: false });
    await silent.next('welcome');
    expect(await model.next('state', (m) => m.state.viewers === 1)).toBeDefined();
    await silent.closed;
    expect(await model.next('state', (m) => m.state.viewers === 0, 4 * HEARTBEAT_MS + 2_000)).toBeDefined();
    expect((await row(stream.id))?.endedAt).toBeNull();
  });
});

describe('on start', () => {
  it('ends every stream left open (restarted)', async () => {
    const other = await createTestApp({ streamMedia: createFakeMedia().media });
    try {
      const account = await createAccount(other.db, { accountType: 'girl' });
      const model = await modelWithListedProfile(other);
      const [left] = await other.db
        .insert(liveStreams)
        .values({ profileId: model.profile.id, accountId: account.id, channelId: 'leftover00000001' })
        .returning();
      await other.app.ready();
      const [after] = await other.db
        .select()
        .from(liveStreams)
        .where(eq(liveStreams.id, left?.id ?? -1));
      expect(after).toMatchObject({ endReason: 'restarted', endedAt: expect.any(Date) });
    } finally {
      await other.close();
    }
  });
});

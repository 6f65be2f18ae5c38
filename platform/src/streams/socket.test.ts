import type { ChatLine, StreamState } from 'contracts/streams';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeStreamSocket } from '../testing/fake-stream-socket';
import { createStreamSocket, nicknameStorageKey, parseServerFrame, streamSocketUrl } from './socket';

const live: StreamState = { status: 'live', viewers: 2, chatEnabled: true };
const line = (id: string, text: string): ChatLine => ({
  id,
  nickname: 'Гость',
  text,
  at: '2026-01-01T10:00:00.000Z',
  fromModel: false,
});
const welcome = (role: 'model' | 'viewer', nickname: string | null = null) => ({
  type: 'welcome',
  role,
  state: live,
  media: { provider: 'embedded', iceServers: [] },
  history: [line('a', 'привет')],
  nickname,
});

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
  };
}

function start(storage = memoryStorage(), onSignal = vi.fn()) {
  const client = createStreamSocket({
    streamId: 7,
    channelId: 'abcDEF0123456789',
    url: 'ws://x/ws/stream?stream=7&channel=abcDEF0123456789',
    createSocket: FakeStreamSocket.create,
    storage,
    onSignal,
  });
  const socket = FakeStreamSocket.latest();
  socket.open();
  return { client, socket, storage, onSignal };
}

beforeEach(() => {
  FakeStreamSocket.reset();
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('the stream socket', () => {
  it('addresses /ws/stream with the stream and its channel on the page’s origin', () => {
    expect(streamSocketUrl(7, 'abc_DEF-1')).toBe(
      `ws://${window.location.host}/ws/stream?stream=7&channel=abc_DEF-1`,
    );
  });

  it('takes the welcome: role, state, chat history and media', () => {
    const { client, socket } = start();
    expect(client.getSnapshot().connection).toBe('connecting');
    socket.receive(welcome('model'));
    const snapshot = client.getSnapshot();
    expect(snapshot).toMatchObject({ connection: 'open', role: 'model', state: live, session: 1 });
    expect(snapshot.chat.map((item) => item.text)).toEqual(['привет']);
    expect(snapshot.media).toEqual({ provider: 'embedded', iceServers: [] });
  });

  it('ignores frames that are not server messages, and keeps the socket', () => {
    const { client, socket } = start();
    socket.receive(welcome('viewer'));
    const before = client.getSnapshot();
    socket.receive('not json');
    socket.receive({ type: 'state', state: { status: 'gone', viewers: 1, chatEnabled: true } });
    socket.receive({ type: 'chat', line: { id: 'x' } });
    expect(client.getSnapshot()).toBe(before);
    expect(socket.closedWith).toBeNull();
    expect(parseServerFrame('{"type":"removed","lineId":"a"}')).toEqual({ type: 'removed', lineId: 'a' });
    expect(parseServerFrame(42)).toBeNull();
  });

  it('follows state, chat lines, removals and refusals', () => {
    const { client, socket } = start();
    socket.receive(welcome('viewer'));
    socket.receive({ type: 'state', state: { ...live, status: 'paused', viewers: 5 } });
    socket.receive({ type: 'chat', line: line('b', 'второй') });
    socket.receive({ type: 'removed', lineId: 'a' });
    socket.receive({ type: 'error', code: 'CHAT_TOO_FAST' });
    const first = client.getSnapshot().error;
    socket.receive({ type: 'error', code: 'CHAT_TOO_FAST' });
    const snapshot = client.getSnapshot();
    expect(snapshot.state).toEqual({ status: 'paused', viewers: 5, chatEnabled: true });
    expect(snapshot.chat.map((item) => item.id)).toEqual(['b']);
    expect(snapshot.error?.code).toBe('CHAT_TOO_FAST');
    // The same refusal twice is two refusals (each is said).
    expect(snapshot.error?.serial).not.toBe(first?.serial);
  });

  it('hands signalling frames to the media side', () => {
    const { socket, onSignal } = start();
    socket.receive(welcome('viewer'));
    socket.receive({ type: 'signal', data: { kind: 'offer', sdp: 'v=0' } });
    expect(onSignal).toHaveBeenCalledWith({ kind: 'offer', sdp: 'v=0' });
  });

  it('keeps signalling that arrives before the media side listens, for when it does', () => {
    const client = createStreamSocket({
      streamId: 7,
      channelId: 'c',
      url: 'ws://x',
      createSocket: FakeStreamSocket.create,
      storage: null,
    });
    const socket = FakeStreamSocket.latest();
    socket.open();
    socket.receive(welcome('viewer'));
    socket.receive({ type: 'signal', data: { kind: 'offer', sdp: 'v=0' } });
    socket.receive({ type: 'signal', data: { kind: 'candidate', candidate: { candidate: 'c1' } } });
    const handler = vi.fn();
    client.setOnSignal(handler);
    expect(handler.mock.calls.map(([data]) => data.kind)).toEqual(['offer', 'candidate']);
    socket.receive({ type: 'signal', data: { kind: 'candidate', candidate: { candidate: 'c2' } } });
    expect(handler).toHaveBeenCalledTimes(3);
  });

  it('sends typed messages only while open', () => {
    const client = createStreamSocket({
      streamId: 7,
      channelId: 'c',
      url: 'ws://x',
      createSocket: FakeStreamSocket.create,
      storage: null,
    });
    expect(client.send({ type: 'chat', text: 'рано' })).toBe(false);
    const socket = FakeStreamSocket.latest();
    socket.open();
    expect(client.send({ type: 'chat', text: 'привет' })).toBe(true);
    expect(socket.sent).toEqual([{ type: 'chat', text: 'привет' }]);
  });

  it('reconnects with a growing pause while the stream is on, and says the kept nickname again', () => {
    const { client, socket, storage } = start();
    socket.receive(welcome('viewer'));
    socket.receive({ type: 'nickname', name: 'Лиса' });
    expect(storage.getItem(nicknameStorageKey(7))).toBe('Лиса');
    socket.drop();
    expect(client.getSnapshot().connection).toBe('reconnecting');
    expect(FakeStreamSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(500);
    expect(FakeStreamSocket.all).toHaveLength(2);
    // Refused again at once: the next pause is longer.
    FakeStreamSocket.latest().drop();
    vi.advanceTimersByTime(500);
    expect(FakeStreamSocket.all).toHaveLength(2);
    vi.advanceTimersByTime(500);
    expect(FakeStreamSocket.all).toHaveLength(3);
    const again = FakeStreamSocket.latest();
    again.open();
    again.receive(welcome('viewer', null));
    expect(again.sent).toEqual([{ type: 'nickname', name: 'Лиса' }]);
    expect(client.getSnapshot().session).toBe(2);
  });

  it('does not say a nickname the server already knows, nor one for the model', () => {
    const storage = memoryStorage();
    storage.setItem(nicknameStorageKey(7), 'Лиса');
    const viewer = start(storage);
    viewer.socket.receive(welcome('viewer', 'Лиса'));
    expect(viewer.socket.sent).toEqual([]);
    const model = start(storage);
    model.socket.receive(welcome('model'));
    expect(model.socket.sent).toEqual([]);
  });

  it('stays closed once the stream ended', () => {
    const { client, socket } = start();
    socket.receive(welcome('viewer'));
    socket.receive({ type: 'ended', reason: 'blocked' });
    socket.drop(1000);
    vi.advanceTimersByTime(60_000);
    expect(FakeStreamSocket.all).toHaveLength(1);
    expect(client.getSnapshot()).toMatchObject({ ended: 'blocked', connection: 'closed' });
    expect(client.getSnapshot().state?.status).toBe('ended');
  });

  it('says a stream that never existed, and does not retry it', () => {
    const { client, socket } = start();
    socket.drop(4404);
    vi.advanceTimersByTime(60_000);
    expect(FakeStreamSocket.all).toHaveLength(1);
    expect(client.getSnapshot()).toMatchObject({ notFound: true, connection: 'closed' });
  });

  it('closes for good when the page closes it', () => {
    const { client, socket } = start();
    client.close();
    expect(socket.closedWith).toBe(1000);
    vi.advanceTimersByTime(60_000);
    expect(FakeStreamSocket.all).toHaveLength(1);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { PRESENCE_FLAG_KEY, startPresence } from './presence-socket';

class FakeSocket {
  static open: FakeSocket[] = [];
  onmessage: unknown = null;
  onopen: (() => void) | null = null;
  onclose: (() => void) | null = null;
  readyState = 0;
  sent: string[] = [];
  constructor(readonly url: string) {
    FakeSocket.open.push(this);
  }
  /** The server accepted the handshake. */
  accept() {
    this.readyState = 1;
    this.onopen?.();
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    FakeSocket.open = FakeSocket.open.filter((socket) => socket !== this);
  }
}
const createSocket = (url: string) => new FakeSocket(url) as unknown as WebSocket;

afterEach(() => {
  vi.useRealTimers();
  FakeSocket.open = [];
  localStorage.clear();
});

/** One browser's Web Locks: exclusive, granted in request order, released when the callback settles. */
class FakeLocks {
  private queue: {
    callback: () => unknown;
    signal?: AbortSignal;
    resolve: () => void;
    reject: (e: unknown) => void;
  }[] = [];
  private busy = false;
  request(_name: string, options: { signal?: AbortSignal }, callback: () => unknown): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const entry = { callback, signal: options.signal, resolve: resolve as () => void, reject };
      options.signal?.addEventListener('abort', () => {
        if (this.queue.includes(entry)) {
          this.queue = this.queue.filter((e) => e !== entry);
          reject(new DOMException('aborted', 'AbortError'));
        }
      });
      this.queue.push(entry);
      this.next();
    });
  }
  private next() {
    if (this.busy) return;
    const entry = this.queue.shift();
    if (!entry) return;
    this.busy = true;
    Promise.resolve(entry.callback()).then(() => {
      this.busy = false;
      entry.resolve();
      this.next();
    });
  }
}

describe('presence socket with Web Locks', () => {
  it('opens one socket for tabs starting together, and the next tab takes over when the holder stops', async () => {
    const locks = new FakeLocks() as unknown as LockManager;
    const tabs = [0, 1, 2].map(() => startPresence({ url: 'ws://x/ws/online', createSocket, locks }));
    await vi.waitFor(() => expect(FakeSocket.open).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(FakeSocket.open).toHaveLength(1);
    expect(localStorage.getItem(PRESENCE_FLAG_KEY)).not.toBeNull();

    tabs[0]?.();
    expect(FakeSocket.open).toHaveLength(0);
    await vi.waitFor(() => expect(FakeSocket.open).toHaveLength(1));
    tabs[2]?.(); // a waiting tab leaves: the holder keeps its socket
    tabs[1]?.();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(FakeSocket.open).toHaveLength(0);
    expect(localStorage.getItem(PRESENCE_FLAG_KEY)).toBeNull();
  });
});

describe('presence socket without Web Locks', () => {
  it('is opened by one tab only, and another tab takes over when it closes', async () => {
    vi.useFakeTimers();
    const stopFirst = startPresence({ url: 'ws://x/ws/online', createSocket, locks: null });
    await vi.advanceTimersByTimeAsync(150);
    const stopSecond = startPresence({ url: 'ws://x/ws/online', createSocket, locks: null });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(FakeSocket.open).toHaveLength(1);
    expect(localStorage.getItem(PRESENCE_FLAG_KEY)).not.toBeNull();

    stopFirst();
    expect(FakeSocket.open).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(2_500);
    expect(FakeSocket.open).toHaveLength(1);
    stopSecond();
    expect(localStorage.getItem(PRESENCE_FLAG_KEY)).toBeNull();
  });

  it('takes over from a tab that stopped refreshing the flag (crashed)', async () => {
    vi.useFakeTimers();
    localStorage.setItem(PRESENCE_FLAG_KEY, JSON.stringify({ id: 'crashed', at: Date.now() }));
    const stop = startPresence({ url: 'ws://x/ws/online', createSocket, locks: null });
    await vi.advanceTimersByTimeAsync(3_000);
    expect(FakeSocket.open).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(6_000);
    expect(FakeSocket.open).toHaveLength(1);
    stop();
  });
});

/** The tabs of one browser: what one tab posts, every other tab receives. */
function fakeChannels() {
  const members = new Set<{ onmessage: ((event: MessageEvent) => void) | null }>();
  return (_name: string) => {
    const channel = {
      onmessage: null as ((event: MessageEvent) => void) | null,
      postMessage(data: unknown) {
        for (const other of members) {
          if (other !== channel) other.onmessage?.(new MessageEvent('message', { data }));
        }
      },
      close() {
        members.delete(channel);
      },
    };
    members.add(channel);
    return channel;
  };
}

describe('cabinet presence', () => {
  it('tells the server while any tab of the browser shows the cabinet, from the tab holding the socket', async () => {
    vi.useFakeTimers();
    const createChannel = fakeChannels();
    let otherTabInCabinet = false;
    const holder = startPresence({ url: 'ws://x/ws/online', createSocket, locks: null, createChannel });
    await vi.advanceTimersByTimeAsync(150);
    const socket = FakeSocket.open[0];
    socket?.accept();
    expect(socket?.sent).toEqual(['{"cabinet":false}']);

    const other = startPresence({
      url: 'ws://x/ws/online',
      createSocket,
      locks: null,
      createChannel,
      inCabinet: () => otherTabInCabinet,
    });
    otherTabInCabinet = true;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(FakeSocket.open).toHaveLength(1);
    expect(socket?.sent).toEqual(['{"cabinet":false}', '{"cabinet":true}']);

    // The cabinet tab goes elsewhere on the site: said at its next beacon.
    otherTabInCabinet = false;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(socket?.sent.at(-1)).toBe('{"cabinet":false}');

    // A cabinet tab that closes says so at once.
    otherTabInCabinet = true;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(socket?.sent.at(-1)).toBe('{"cabinet":true}');
    other();
    expect(socket?.sent.at(-1)).toBe('{"cabinet":false}');
    holder();
  });

  it('forgets a cabinet tab that stopped saying so (crashed)', async () => {
    vi.useFakeTimers();
    const createChannel = fakeChannels();
    const holder = startPresence({ url: 'ws://x/ws/online', createSocket, locks: null, createChannel });
    await vi.advanceTimersByTimeAsync(150);
    FakeSocket.open[0]?.accept();
    createChannel('presence').postMessage({ tab: 'crashed', cabinet: true });
    expect(FakeSocket.open[0]?.sent.at(-1)).toBe('{"cabinet":true}');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(FakeSocket.open[0]?.sent.at(-1)).toBe('{"cabinet":false}');
    holder();
  });
});

describe('the figure of live streams', () => {
  it('hears {"streaming": n} on the socket and tells the other tabs, ignoring anything else', async () => {
    vi.useFakeTimers();
    const createChannel = fakeChannels();
    const heardByHolder: number[] = [];
    const heardByOther: number[] = [];
    const holder = startPresence({
      url: 'ws://x/ws/online',
      createSocket,
      locks: null,
      createChannel,
      onStreaming: (count) => heardByHolder.push(count),
    });
    await vi.advanceTimersByTimeAsync(150);
    const other = startPresence({
      url: 'ws://x/ws/online',
      createSocket,
      locks: null,
      createChannel,
      onStreaming: (count) => heardByOther.push(count),
    });
    await vi.advanceTimersByTimeAsync(150);
    expect(FakeSocket.open).toHaveLength(1);
    const socket = FakeSocket.open[0] as unknown as {
      accept(): void;
      onmessage: (event: { data: string }) => void;
    };
    socket.accept();
    socket.onmessage({ data: '{"streaming":3}' });
    socket.onmessage({ data: 'garbage' });
    socket.onmessage({ data: '{"streaming":-1}' });
    socket.onmessage({ data: '{"streaming":2}' });
    expect(heardByHolder).toEqual([3, 2]);
    expect(heardByOther).toEqual([3, 2]);
    other();
    holder();
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { PRESENCE_FLAG_KEY, startPresence } from './presence-socket';

class FakeSocket {
  static open: FakeSocket[] = [];
  onmessage: unknown = null;
  onclose: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.open.push(this);
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

describe('presence socket', () => {
  it('is opened by one tab only, and another tab takes over when it closes', async () => {
    vi.useFakeTimers();
    const stopFirst = startPresence({ url: 'ws://x/ws/online', createSocket });
    await vi.advanceTimersByTimeAsync(150);
    const stopSecond = startPresence({ url: 'ws://x/ws/online', createSocket });
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
    const stop = startPresence({ url: 'ws://x/ws/online', createSocket });
    await vi.advanceTimersByTimeAsync(3_000);
    expect(FakeSocket.open).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(6_000);
    expect(FakeSocket.open).toHaveLength(1);
    stop();
  });
});

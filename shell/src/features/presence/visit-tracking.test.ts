import { afterEach, describe, expect, it, vi } from 'vitest';
import { type CookieJar, sessionMark, startVisitTracking, VISIT_FLAG_KEY } from './visit-tracking';

/** Tabs of one browser: separate sessionStorage, one BroadcastChannel bus. */
class Bus {
  private members = new Set<FakeChannel>();
  join(channel: FakeChannel) {
    this.members.add(channel);
  }
  leave(channel: FakeChannel) {
    this.members.delete(channel);
  }
  send(from: FakeChannel, data: unknown) {
    for (const member of this.members) {
      if (member !== from) setTimeout(() => member.onmessage?.({ data } as MessageEvent), 1);
    }
  }
}
class FakeChannel {
  onmessage: ((event: MessageEvent) => void) | null = null;
  constructor(private bus: Bus) {
    bus.join(this);
  }
  postMessage(data: unknown) {
    this.bus.send(this, data);
  }
  close() {
    this.bus.leave(this);
  }
}
/** The session cookie every tab of one browser shares. */
function browser() {
  let set = false;
  return {
    isSet: () => set,
    set: () => {
      const mine = !set;
      set = true;
      return mine;
    },
  };
}
function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => values.set(key, value),
  };
}

/** The browser's lock manager, one for every tab: exclusive locks granted in request order. */
function lockManager() {
  const held = new Set<string>();
  const waiting = new Map<string, (() => void)[]>();
  const manager = {
    async request(
      name: string,
      options: { ifAvailable?: boolean } | ((lock: Lock | null) => unknown),
      maybeCallback?: (lock: Lock | null) => unknown,
    ) {
      const callback = typeof options === 'function' ? options : (maybeCallback ?? (() => undefined));
      if (typeof options === 'object' && options.ifAvailable && held.has(name)) return callback(null);
      while (held.has(name)) {
        await new Promise<void>((resolve) => waiting.set(name, [...(waiting.get(name) ?? []), resolve]));
      }
      held.add(name);
      try {
        return await callback({ name, mode: 'exclusive' } as Lock);
      } finally {
        held.delete(name);
        waiting.get(name)?.shift()?.();
      }
    },
    async query() {
      return { held: [...held].map((name) => ({ name, mode: 'exclusive' as const })), pending: [] };
    },
  };
  return manager as unknown as LockManager;
}
/** A tab's view of the cookies that never shows another tab's write (a renderer's stale copy). */
function staleCookies(): CookieJar {
  let own = '';
  return {
    read: () => own,
    write: (cookie) => {
      own = cookie.split(';')[0] ?? '';
    },
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('visit tracking', () => {
  it('sends one visit call when two tabs open together, after the 100 ms delay', async () => {
    vi.useFakeTimers();
    const bus = new Bus();
    const track = vi.fn().mockResolvedValue(undefined);
    const createChannel = () => new FakeChannel(bus) as unknown as BroadcastChannel;
    const first = memoryStorage();
    const second = memoryStorage();
    const flag = browser();
    startVisitTracking({ track, storage: first, createChannel, browserFlag: flag });
    startVisitTracking({ track, storage: second, createChannel, browserFlag: flag });

    await vi.advanceTimersByTimeAsync(99);
    expect(track).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(20);
    expect(track).toHaveBeenCalledTimes(1);
    expect(first.getItem(VISIT_FLAG_KEY)).toBe('1');
    expect(second.getItem(VISIT_FLAG_KEY)).toBe('1');
  });

  it('does not call again from a tab opened later, nor once the session flag is set', async () => {
    vi.useFakeTimers();
    const bus = new Bus();
    const track = vi.fn().mockResolvedValue(undefined);
    const createChannel = () => new FakeChannel(bus) as unknown as BroadcastChannel;
    const flag = browser();
    startVisitTracking({ track, storage: memoryStorage(), createChannel, browserFlag: flag });
    await vi.advanceTimersByTimeAsync(200);
    startVisitTracking({ track, storage: memoryStorage(), createChannel, browserFlag: flag });
    await vi.advanceTimersByTimeAsync(200);
    expect(track).toHaveBeenCalledTimes(1);

    const flagged = memoryStorage();
    flagged.setItem(VISIT_FLAG_KEY, '1');
    startVisitTracking({
      track,
      browserFlag: browser(),
      storage: flagged,
      createChannel: () => new FakeChannel(new Bus()) as unknown as BroadcastChannel,
    });
    await vi.advanceTimersByTimeAsync(200);
    expect(track).toHaveBeenCalledTimes(1);
  });

  it('never calls twice in one browser, even when a busy tab hears no claims in time', async () => {
    vi.useFakeTimers();
    const track = vi.fn().mockResolvedValue(undefined);
    const flag = browser();
    // Each tab on a bus of its own: no message ever arrives.
    for (let tab = 0; tab < 3; tab += 1) {
      startVisitTracking({
        track,
        browserFlag: flag,
        storage: memoryStorage(),
        createChannel: () => new FakeChannel(new Bus()) as unknown as BroadcastChannel,
      });
    }
    await vi.advanceTimersByTimeAsync(200);
    expect(track).toHaveBeenCalledTimes(1);
  });

  it('ignores a failing visit call', async () => {
    vi.useFakeTimers();
    const track = vi.fn().mockRejectedValue(new Error('offline'));
    startVisitTracking({
      track,
      browserFlag: browser(),
      storage: memoryStorage(),
      createChannel: () => new FakeChannel(new Bus()) as unknown as BroadcastChannel,
    });
    await vi.advanceTimersByTimeAsync(150);
    expect(track).toHaveBeenCalledTimes(1);
  });

  it('counts one visit when tabs opening together neither hear each other nor see each other’s cookie', async () => {
    vi.useFakeTimers();
    const track = vi.fn().mockResolvedValue(undefined);
    const locks = lockManager();
    for (let tab = 0; tab < 3; tab += 1) {
      startVisitTracking({
        track,
        locks,
        browserFlag: sessionMark(locks, staleCookies()),
        storage: memoryStorage(),
        createChannel: () => new FakeChannel(new Bus()) as unknown as BroadcastChannel,
      });
    }
    await vi.advanceTimersByTimeAsync(200);
    expect(track).toHaveBeenCalledTimes(1);
  });

  it('marks the session with a session cookie, and a lock held while the counting tab is open', async () => {
    const locks = lockManager();
    const cookies = staleCookies();
    const mark = sessionMark(locks, cookies);
    expect(await mark.isSet()).toBe(false);
    await mark.set();
    expect(cookies.read()).toBe('visit_tracked=1');
    // Another tab, whose copy of the cookies is stale, sees the lock.
    expect(await sessionMark(locks, staleCookies()).isSet()).toBe(true);
    // Without locks, the cookie alone.
    const plain = sessionMark(undefined, staleCookies());
    expect(await plain.set()).toBe(true);
    expect(await plain.isSet()).toBe(true);
    // A tab that missed the lock's grant to another is told so.
    expect(await sessionMark(locks, staleCookies()).set()).toBe(false);
  });
});

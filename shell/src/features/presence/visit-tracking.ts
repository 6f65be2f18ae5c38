import { UI } from 'contracts';

export const VISIT_FLAG_KEY = 'visit_tracked';
const CHANNEL = 'visit-tracking';

type Message = { type: 'claim'; id: string; at: number } | { type: 'tracked' };

/** A mark every tab of one browser sees, for the life of the browser session. */
export interface BrowserMark {
  isSet(): boolean | Promise<boolean>;
  /**
   * Sets the mark; answers false when another tab turns out to hold it already. Resolved, every
   * other tab's `isSet` answers true.
   */
  set(): boolean | Promise<boolean>;
}

export interface VisitTrackingOptions {
  /** The call that records the visit; its errors are ignored. */
  track: () => Promise<unknown>;
  delayMs?: number;
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
  createChannel?: (name: string) => BroadcastChannel;
  browserFlag?: BrowserMark;
  /** The browser's Web Locks, where it has them: the tabs decide one after another. */
  locks?: Pick<LockManager, 'request' | 'query'>;
}

const COOKIE = 'visit_tracked';
const TRACKED_LOCK = 'visit-tracked';

export interface CookieJar {
  read(): string;
  write(cookie: string): void;
}
const documentCookies: CookieJar = {
  read: () => document.cookie,
  // biome-ignore lint/suspicious/noDocumentCookie: a session cookie is exactly what is needed
  write: (cookie) => (document.cookie = cookie),
};

/**
 * The mark of a counted visit: a session cookie, which tabs opened later read, and a Web Lock the
 * counting tab holds while it is open. The lock is what tabs opening together rely on: the browser
 * answers lock queries for every tab at once, while a cookie written in one tab's renderer reaches
 * another renderer's `document.cookie` a moment later (two visits were counted in that moment).
 */
export function sessionMark(
  locks: Pick<LockManager, 'request' | 'query'> | undefined = globalThis.navigator?.locks,
  cookies: CookieJar = documentCookies,
): BrowserMark {
  return {
    async isSet() {
      if (cookies.read().split('; ').includes(`${COOKIE}=1`)) return true;
      if (!locks) return false;
      const { held = [] } = await locks.query();
      return held.some((lock) => lock.name === TRACKED_LOCK);
    },
    async set() {
      // No Max-Age: the cookie ends with the browser session, like the visit it stands for.
      cookies.write(`${COOKIE}=1; path=/; SameSite=Lax`);
      if (!locks) return true;
      // Held until the tab closes. Not available: another tab counted the visit and holds it.
      return new Promise<boolean>((answer) => {
        void locks.request(TRACKED_LOCK, { ifAvailable: true }, (lock) => {
          answer(lock !== null);
          return lock === null ? undefined : new Promise<never>(() => undefined);
        });
      });
    },
  };
}

/**
 * Records one visit per browser session. Tabs opening together each announce a claim on a
 * BroadcastChannel, wait `delayMs`, and only the earliest claim sends the call; tabs opened
 * later hear "tracked" from a tab that already did. Returns a function that stops listening.
 */
export function startVisitTracking({
  track,
  delayMs = UI.visitTrackingDelayMs,
  storage = sessionStorage,
  createChannel = (name) => new BroadcastChannel(name),
  locks = globalThis.navigator?.locks,
  browserFlag = sessionMark(locks),
}: VisitTrackingOptions): () => void {
  const me = { id: Math.random().toString(36).slice(2), at: Date.now() };
  const claims = [me];
  const channel = typeof BroadcastChannel === 'undefined' ? null : createChannel(CHANNEL);
  let tracked = storage.getItem(VISIT_FLAG_KEY) === '1';
  let stopped = false;

  const markTracked = () => {
    tracked = true;
    storage.setItem(VISIT_FLAG_KEY, '1');
  };

  if (channel) {
    channel.onmessage = (event: MessageEvent<Message>) => {
      const message = event.data;
      if (message.type === 'tracked') markTracked();
      else if (message.type === 'claim' && !claims.some((claim) => claim.id === message.id)) {
        claims.push({ id: message.id, at: message.at });
        // A tab opened later learns the visit is already counted, or hears our earlier claim
        // (it was not listening yet when we announced it).
        if (tracked) channel.postMessage({ type: 'tracked' } satisfies Message);
        else channel.postMessage({ type: 'claim', ...me } satisfies Message);
      }
    };
    if (!tracked) channel.postMessage({ type: 'claim', ...me } satisfies Message);
  }

  const decide = async () => {
    if (stopped || tracked) return;
    // A tab busy loading may hear the others' claims late; the browser-wide mark, checked and
    // set under a lock where the browser has one, keeps that from ever doubling the call.
    if (await browserFlag.isSet()) {
      markTracked();
      return;
    }
    const winner = [...claims].sort((a, b) => a.at - b.at || a.id.localeCompare(b.id))[0];
    if (winner?.id !== me.id) return;
    const mine = await browserFlag.set();
    markTracked();
    if (!mine) return;
    channel?.postMessage({ type: 'tracked' } satisfies Message);
    track().catch(() => undefined);
  };

  const timer = setTimeout(() => {
    if (locks) void locks.request('visit-tracking', decide);
    else void decide();
  }, delayMs);

  return () => {
    stopped = true;
    clearTimeout(timer);
    channel?.close();
  };
}

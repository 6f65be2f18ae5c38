import { UI } from 'contracts';

export const VISIT_FLAG_KEY = 'visit_tracked';
const CHANNEL = 'visit-tracking';

type Message = { type: 'claim'; id: string; at: number } | { type: 'tracked' };

export interface VisitTrackingOptions {
  /** The call that records the visit; its errors are ignored. */
  track: () => Promise<unknown>;
  delayMs?: number;
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
  createChannel?: (name: string) => BroadcastChannel;
  /** A flag shared by every tab for the life of the browser session (a session cookie). */
  browserFlag?: { isSet(): boolean; set(): void };
}

const COOKIE = 'visit_tracked';
const sessionCookie = {
  isSet: () => document.cookie.split('; ').includes(`${COOKIE}=1`),
  // No Max-Age: the cookie ends with the browser session, like the visit it stands for.
  // biome-ignore lint/suspicious/noDocumentCookie: a session cookie is exactly what is needed
  set: () => (document.cookie = `${COOKIE}=1; path=/; SameSite=Lax`),
};

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
  browserFlag = sessionCookie,
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

  const decide = () => {
    if (stopped || tracked) return;
    // A tab busy loading may hear the others' claims late; the browser-wide flag, checked and
    // set under a lock where the browser has one, keeps that from ever doubling the call.
    if (browserFlag.isSet()) {
      markTracked();
      return;
    }
    const winner = [...claims].sort((a, b) => a.at - b.at || a.id.localeCompare(b.id))[0];
    if (winner?.id !== me.id) return;
    browserFlag.set();
    markTracked();
    channel?.postMessage({ type: 'tracked' } satisfies Message);
    track().catch(() => undefined);
  };

  const timer = setTimeout(() => {
    const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
    if (locks) void locks.request('visit-tracking', async () => decide());
    else decide();
  }, delayMs);

  return () => {
    stopped = true;
    clearTimeout(timer);
    channel?.close();
  };
}

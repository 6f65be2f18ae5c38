export const PRESENCE_FLAG_KEY = 'websocket_active';
const HEARTBEAT_MS = 2_000;
/** A holder that has not written for this long is gone (crashed tab); another may take over. */
const STALE_MS = 6_000;
/** Two tabs may claim at the same moment; after this pause, whoever's write survived holds the socket. */
const SETTLE_MS = 100;

interface Holder {
  id: string;
  at: number;
}

export interface PresenceOptions {
  url: string;
  storage?: Storage;
  createSocket?: (url: string) => WebSocket;
}

function readHolder(storage: Storage): Holder | null {
  try {
    const parsed = JSON.parse(storage.getItem(PRESENCE_FLAG_KEY) ?? 'null') as Holder | null;
    return parsed && typeof parsed.id === 'string' && typeof parsed.at === 'number' ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * Keeps exactly one presence socket per browser: the tab holding localStorage
 * `websocket_active` opens it and refreshes the flag; when that tab closes (or stops
 * refreshing), another tab takes over. Incoming messages are ignored.
 */
export function startPresence({
  url,
  storage = localStorage,
  createSocket = (target) => new WebSocket(target),
}: PresenceOptions): () => void {
  const id = Math.random().toString(36).slice(2);
  let socket: WebSocket | null = null;
  let stopped = false;

  const holding = () => readHolder(storage)?.id === id;

  const open = () => {
    if (socket || stopped) return;
    socket = createSocket(url);
    socket.onmessage = null;
    socket.onclose = () => {
      socket = null;
      // Reconnect while this tab still holds the flag (server restart, network blip).
      if (!stopped && holding()) setTimeout(open, HEARTBEAT_MS);
    };
  };

  const tick = () => {
    if (stopped) return;
    const holder = readHolder(storage);
    if (!holder || holder.id === id || Date.now() - holder.at > STALE_MS) {
      const claimed = !!socket;
      storage.setItem(PRESENCE_FLAG_KEY, JSON.stringify({ id, at: Date.now() }));
      if (!claimed) {
        setTimeout(() => {
          if (holding()) open();
        }, SETTLE_MS);
      }
    } else if (socket) {
      socket.onclose = null;
      socket.close();
      socket = null;
    }
  };

  const release = () => {
    if (holding()) storage.removeItem(PRESENCE_FLAG_KEY);
    if (socket) {
      socket.onclose = null;
      socket.close();
      socket = null;
    }
  };

  const onStorage = (event: StorageEvent) => {
    if (event.key === PRESENCE_FLAG_KEY && event.newValue === null) tick();
  };

  tick();
  const timer = setInterval(tick, HEARTBEAT_MS);
  window.addEventListener('storage', onStorage);
  window.addEventListener('pagehide', release);
  return () => {
    stopped = true;
    clearInterval(timer);
    window.removeEventListener('storage', onStorage);
    window.removeEventListener('pagehide', release);
    release();
  };
}

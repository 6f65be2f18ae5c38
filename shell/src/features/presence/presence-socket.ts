export const PRESENCE_FLAG_KEY = 'websocket_active';
/** The Web Lock held by the tab that owns the socket; the browser frees it when that tab goes away. */
export const PRESENCE_LOCK = 'presence-socket';
const HEARTBEAT_MS = 2_000;
/** A holder that has not written for this long is gone (crashed tab); another may take over. */
const STALE_MS = 6_000;
/** Two tabs may claim at the same moment; after this pause, whoever's write survived holds the socket. */
const SETTLE_MS = 100;

interface Holder {
  id: string;
  at: number;
}

type Locks = Pick<LockManager, 'request'>;
type Channel = Pick<BroadcastChannel, 'postMessage' | 'close'> & {
  onmessage: ((event: MessageEvent) => void) | null;
};

/** How often each tab says whether it shows the cabinet, and how long that is believed. */
const CABINET_BEACON_MS = 1_000;
const CABINET_STALE_MS = 4_000;
export const PRESENCE_CHANNEL = 'presence';

interface CabinetBeacon {
  tab: string;
  cabinet: boolean;
}

export interface PresenceOptions {
  url: string;
  storage?: Storage;
  createSocket?: (url: string) => WebSocket;
  /** The browser's Web Locks; `null` falls back to coordinating through the storage flag alone. */
  locks?: Locks | null;
  /**
   * Whether this tab shows the signed-in model's cabinet. Every tab tells the others; the tab
   * holding the socket tells the server whether any does (`{"cabinet": true|false}`), which
   * is what makes her profiles show as online.
   */
  inCabinet?: () => boolean;
  /** How tabs of this browser talk to each other (a BroadcastChannel). */
  createChannel?: (name: string) => Channel | null;
  /**
   * The server's figure of live streams (`{"streaming": n}`, on connect and on every change). The
   * tab holding the socket hears it and tells the other tabs, so every header follows it.
   */
  onStreaming?: (count: number) => void;
}

/** A `{"streaming": n}` frame's figure, or null for anything else. */
export function streamingOf(data: unknown): number | null {
  const count = (data as { streaming?: unknown } | null)?.streaming;
  return typeof count === 'number' && Number.isInteger(count) && count >= 0 ? count : null;
}

function defaultChannel(name: string): Channel | null {
  return typeof BroadcastChannel === 'function' ? new BroadcastChannel(name) : null;
}

function readHolder(storage: Storage): Holder | null {
  try {
    const parsed = JSON.parse(storage.getItem(PRESENCE_FLAG_KEY) ?? 'null') as Holder | null;
    return parsed && typeof parsed.id === 'string' && typeof parsed.at === 'number' ? parsed : null;
  } catch {
    return null;
  }
}

function defaultLocks(): Locks | null {
  return typeof navigator !== 'undefined' && navigator.locks ? navigator.locks : null;
}

/**
 * Keeps exactly one presence socket per browser: the tab holding localStorage
 * `websocket_active` opens it and refreshes the flag; when that tab closes (or stops
 * refreshing), another tab takes over. The only message read is the figure of live streams.
 *
 * Where the browser has Web Locks, the lock decides who holds the socket: localStorage
 * writes reach other tabs asynchronously, so two tabs opening together could both see
 * their own claim. The flag is then only the visible marker the specification names.
 */
export function startPresence({
  url,
  storage = localStorage,
  createSocket = (target) => new WebSocket(target),
  locks = defaultLocks(),
  inCabinet = () => false,
  createChannel = defaultChannel,
  onStreaming = () => undefined,
}: PresenceOptions): () => void {
  const id = Math.random().toString(36).slice(2);
  let socket: WebSocket | null = null;
  let stopped = false;
  let reconnect: ReturnType<typeof setTimeout> | undefined;

  // Tabs of this browser that show the cabinet now (tab id -> until when that is believed).
  const cabinetTabs = new Map<string, number>();
  let sentCabinet: boolean | null = null;
  const channel = createChannel(PRESENCE_CHANNEL);
  /** The socket holder tells the server when "a cabinet is open in this browser" changes. */
  const reportCabinet = () => {
    const now = Date.now();
    for (const [tab, until] of cabinetTabs) if (until < now) cabinetTabs.delete(tab);
    const open = cabinetTabs.size > 0;
    if (socket?.readyState === 1 && open !== sentCabinet) {
      socket.send(JSON.stringify({ cabinet: open }));
      sentCabinet = open;
    }
  };
  const noteCabinet = ({ tab, cabinet }: CabinetBeacon) => {
    if (cabinet) cabinetTabs.set(tab, Date.now() + CABINET_STALE_MS);
    else cabinetTabs.delete(tab);
    reportCabinet();
  };
  if (channel) {
    channel.onmessage = (event: MessageEvent) => {
      const streaming = streamingOf(event.data);
      if (streaming !== null) {
        onStreaming(streaming);
        return;
      }
      const data = event.data as Partial<CabinetBeacon> | null;
      if (data && typeof data.tab === 'string' && typeof data.cabinet === 'boolean') {
        noteCabinet({ tab: data.tab, cabinet: data.cabinet });
      }
    };
  }
  let wasInCabinet = false;
  const beacon = () => {
    const cabinet = inCabinet();
    // Said while it lasts (a new holder must hear it) and once when it ends.
    if (cabinet || wasInCabinet) channel?.postMessage({ tab: id, cabinet } satisfies CabinetBeacon);
    wasInCabinet = cabinet;
    noteCabinet({ tab: id, cabinet });
  };
  beacon();
  const beaconTimer = setInterval(beacon, CABINET_BEACON_MS);
  // A closing tab says so at once rather than leaving the others to wait out its last beacon.
  const leaving = () => {
    if (wasInCabinet) channel?.postMessage({ tab: id, cabinet: false } satisfies CabinetBeacon);
  };
  window.addEventListener('pagehide', leaving);
  const stopBeacon = () => {
    clearInterval(beaconTimer);
    window.removeEventListener('pagehide', leaving);
    leaving();
    channel?.close();
  };

  const writeFlag = () => storage.setItem(PRESENCE_FLAG_KEY, JSON.stringify({ id, at: Date.now() }));
  const holding = () => readHolder(storage)?.id === id;

  const open = (stillHolding: () => boolean) => {
    if (socket || stopped) return;
    socket = createSocket(url);
    socket.onmessage = (event: MessageEvent) => {
      let streaming: number | null = null;
      try {
        streaming = streamingOf(JSON.parse(String(event.data)));
      } catch {
        return;
      }
      if (streaming === null) return;
      onStreaming(streaming);
      channel?.postMessage({ streaming });
    };
    socket.onopen = () => {
      // A new connection knows nothing yet.
      sentCabinet = null;
      reportCabinet();
    };
    socket.onclose = () => {
      socket = null;
      // Reconnect while this tab still holds the socket (server restart, network blip).
      if (!stopped && stillHolding()) reconnect = setTimeout(() => open(stillHolding), HEARTBEAT_MS);
    };
  };

  const closeSocket = () => {
    clearTimeout(reconnect);
    if (socket) {
      socket.onclose = null;
      socket.close();
      socket = null;
    }
  };

  if (locks) {
    let owner = false;
    let heartbeat: ReturnType<typeof setInterval> | undefined;
    let releaseLock: (() => void) | undefined;
    const controller = new AbortController();
    locks
      .request(PRESENCE_LOCK, { signal: controller.signal }, () => {
        if (stopped) return undefined;
        owner = true;
        writeFlag();
        heartbeat = setInterval(writeFlag, HEARTBEAT_MS);
        open(() => owner);
        return new Promise<void>((resolve) => {
          releaseLock = resolve;
        });
      })
      // Aborted while waiting: this tab stopped before its turn came.
      .catch(() => undefined);

    const release = () => {
      clearInterval(heartbeat);
      closeSocket();
      if (owner && holding()) storage.removeItem(PRESENCE_FLAG_KEY);
      owner = false;
      releaseLock?.();
    };
    // No pagehide handler here: the browser frees the lock (and closes the socket) itself when
    // the tab goes away, and a page restored from the back-forward cache keeps its turn.
    return () => {
      stopped = true;
      stopBeacon();
      controller.abort();
      release();
    };
  }

  const tick = () => {
    if (stopped) return;
    const holder = readHolder(storage);
    if (!holder || holder.id === id || Date.now() - holder.at > STALE_MS) {
      const claimed = !!socket;
      writeFlag();
      if (!claimed) {
        setTimeout(() => {
          if (holding()) open(holding);
        }, SETTLE_MS);
      }
    } else if (socket) {
      closeSocket();
    }
  };

  const release = () => {
    if (holding()) storage.removeItem(PRESENCE_FLAG_KEY);
    closeSocket();
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
    stopBeacon();
    clearInterval(timer);
    window.removeEventListener('storage', onStorage);
    window.removeEventListener('pagehide', release);
    release();
  };
}

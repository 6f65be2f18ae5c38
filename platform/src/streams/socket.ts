/**
 * The browser's side of `/ws/stream` (issue 28): one socket per open stream page, every frame from
 * the server checked with `streamServerMessage`, every frame sent typed as a `StreamClientMessage`.
 * The socket reconnects with a growing pause while the stream is not over; a viewer's nickname is
 * kept for the browser session and said again on every reconnect.
 *
 * Exported as `platform/streams`, not from platform's index: only the two stream screens need it,
 * and the index ships with every first page.
 */
import {
  type ChatLine,
  type MediaConfig,
  type SignalData,
  type StreamClientMessage,
  type StreamEndReason,
  type StreamRole,
  type StreamServerMessage,
  type StreamSocketError,
  type StreamState,
  streamServerMessage,
} from 'contracts/streams';
import { validate } from 'contracts';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { appConfig } from '../config';

/** Close code the server uses for a stream that never existed. */
export const STREAM_NOT_FOUND_CLOSE = 4404;
/** A refused frame (policy): reconnecting would only be refused again. */
const POLICY_CLOSE = 1008;
const BACKOFF_FIRST_MS = 500;
const BACKOFF_MAX_MS = 8_000;

export type StreamConnection = 'connecting' | 'open' | 'reconnecting' | 'closed';

export interface StreamSocketSnapshot {
  connection: StreamConnection;
  /** Known after the first `welcome`. */
  role: StreamRole | null;
  state: StreamState | null;
  media: MediaConfig | null;
  chat: readonly ChatLine[];
  /** This visitor's nickname on this stream, once the server took it. */
  nickname: string | null;
  /** The last refusal the server said, with a serial so the same code twice is seen twice. */
  error: { code: StreamSocketError; serial: number } | null;
  /** Why the stream ended; set once, and the socket stays closed after it. */
  ended: StreamEndReason | null;
  /** The server answered that this stream never existed. */
  notFound: boolean;
  /** Increases with every `welcome`: a new connection (the media must connect again). */
  session: number;
}

export interface StreamSocketOptions {
  streamId: number;
  channelId: string;
  /** Signalling frames for this socket's media connection. */
  onSignal?: (data: SignalData) => void;
  createSocket?: (url: string) => WebSocket;
  /** Where the viewer's nickname is kept for the session (sessionStorage by default). */
  storage?: Pick<Storage, 'getItem' | 'setItem'> | null;
  /** The socket's address; by default `/ws/stream` on the page's origin. */
  url?: string;
}

export interface StreamSocket {
  getSnapshot(): StreamSocketSnapshot;
  subscribe(listener: () => void): () => void;
  /** Sends when open; returns false when the message could not be sent now. */
  send(message: StreamClientMessage): boolean;
  setOnSignal(handler: ((data: SignalData) => void) | undefined): void;
  close(): void;
}

const initial: StreamSocketSnapshot = {
  connection: 'connecting',
  role: null,
  state: null,
  media: null,
  chat: [],
  nickname: null,
  error: null,
  ended: null,
  notFound: false,
  session: 0,
};

export const nicknameStorageKey = (streamId: number) => `stream-nickname:${streamId}`;

function defaultStorage(): Pick<Storage, 'getItem' | 'setItem'> | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

export function streamSocketUrl(streamId: number, channelId: string): string {
  const url = new URL(appConfig().streamPath, window.location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.search = new URLSearchParams({ stream: String(streamId), channel: channelId }).toString();
  return url.href;
}

/** Reads one frame; anything that is not a server message is ignored (and never trusted). */
export function parseServerFrame(raw: unknown): StreamServerMessage | null {
  if (typeof raw !== 'string') return null;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return null;
  }
  const parsed = validate(streamServerMessage, json);
  return parsed.ok ? parsed.value : null;
}

export function createStreamSocket(options: StreamSocketOptions): StreamSocket {
  const {
    streamId,
    channelId,
    createSocket = (target) => new WebSocket(target),
    storage = defaultStorage(),
  } = options;
  const url = options.url ?? streamSocketUrl(streamId, channelId);
  let onSignal = options.onSignal;
  let snapshot: StreamSocketSnapshot = initial;
  const listeners = new Set<() => void>();
  let socket: WebSocket | null = null;
  let stopped = false;
  let attempt = 0;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let errorSerial = 0;
  // Signalling that arrives before the media side listens (the server offers right after `welcome`).
  let pendingSignals: SignalData[] = [];

  const update = (change: Partial<StreamSocketSnapshot>) => {
    snapshot = { ...snapshot, ...change };
    for (const listener of listeners) listener();
  };
  const storedNickname = () => storage?.getItem(nicknameStorageKey(streamId)) ?? null;

  const sendRaw = (message: StreamClientMessage) => {
    if (socket?.readyState !== 1) return false;
    socket.send(JSON.stringify(message));
    return true;
  };

  const receive = (message: StreamServerMessage) => {
    switch (message.type) {
      case 'welcome': {
        attempt = 0;
        pendingSignals = [];
        update({
          connection: 'open',
          role: message.role,
          state: message.state,
          media: message.media,
          chat: message.history,
          nickname: message.nickname,
          session: snapshot.session + 1,
        });
        const kept = storedNickname();
        // A reconnect (or a new tab of this session) says the nickname again.
        if (message.role === 'viewer' && kept && message.nickname !== kept) {
          sendRaw({ type: 'nickname', name: kept });
        }
        if (message.nickname) storage?.setItem(nicknameStorageKey(streamId), message.nickname);
        return;
      }
      case 'state':
        update({ state: message.state });
        return;
      case 'signal':
        if (onSignal) onSignal(message.data);
        else pendingSignals.push(message.data);
        return;
      case 'chat':
        update({ chat: [...snapshot.chat, message.line] });
        return;
      case 'removed':
        update({ chat: snapshot.chat.filter((line) => line.id !== message.lineId) });
        return;
      case 'nickname':
        storage?.setItem(nicknameStorageKey(streamId), message.name);
        update({ nickname: message.name });
        return;
      case 'error':
        errorSerial += 1;
        update({ error: { code: message.code, serial: errorSerial } });
        return;
      case 'ended':
        stopped = true;
        update({
          ended: message.reason,
          state: snapshot.state ? { ...snapshot.state, status: 'ended' } : snapshot.state,
        });
        return;
    }
  };

  const connect = () => {
    if (stopped) return;
    const current = createSocket(url);
    socket = current;
    current.onmessage = (event: MessageEvent) => {
      const message = parseServerFrame(event.data);
      if (message) receive(message);
    };
    current.onclose = (event: CloseEvent) => {
      if (socket !== current) return;
      socket = null;
      if (event.code === STREAM_NOT_FOUND_CLOSE) stopped = true;
      if (stopped || event.code === POLICY_CLOSE) {
        stopped = true;
        update({
          connection: 'closed',
          notFound: event.code === STREAM_NOT_FOUND_CLOSE || snapshot.notFound,
        });
        return;
      }
      const delay = Math.min(BACKOFF_MAX_MS, BACKOFF_FIRST_MS * 2 ** attempt);
      attempt += 1;
      update({ connection: 'reconnecting' });
      retry = setTimeout(connect, delay);
    };
  };
  connect();

  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    send: sendRaw,
    setOnSignal(handler) {
      onSignal = handler;
      if (!handler) return;
      const waiting = pendingSignals;
      pendingSignals = [];
      for (const data of waiting) handler(data);
    },
    close() {
      stopped = true;
      clearTimeout(retry);
      const current = socket;
      socket = null;
      if (current) {
        current.onclose = null;
        current.onmessage = null;
        current.close(1000);
      }
      update({ connection: 'closed' });
    },
  };
}

export interface UseStreamSocket extends StreamSocketSnapshot {
  send: (message: StreamClientMessage) => boolean;
  /** The socket itself, for the media client's `sendSignal` and `onSignal`. */
  socket: StreamSocket | null;
}

/** One socket for the mounted screen; closed when it unmounts or the stream changes. */
export function useStreamSocket(
  stream: { id: number; channelId: string } | null,
  options: Pick<StreamSocketOptions, 'createSocket' | 'storage'> = {},
): UseStreamSocket {
  const [socket, setSocket] = useState<StreamSocket | null>(null);
  const id = stream?.id;
  const channelId = stream?.channelId;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the options are read once per stream
  useEffect(() => {
    if (id === undefined || channelId === undefined) return undefined;
    const created = createStreamSocket({ streamId: id, channelId, ...options });
    setSocket(created);
    return () => {
      created.close();
      setSocket(null);
    };
  }, [id, channelId]);
  const snapshot = useSyncExternalStore(
    socket?.subscribe ?? noSubscribe,
    socket?.getSnapshot ?? initialSnapshot,
    initialSnapshot,
  );
  return { ...snapshot, send: socket?.send ?? refuse, socket };
}

const noSubscribe = () => () => undefined;
const initialSnapshot = () => initial;
const refuse = () => false;

import { createRequire } from 'node:module';
import type { WebSocket } from '@fastify/websocket';

/**
 * The `ws` client, taken from @fastify/websocket's own dependency (the API does not depend on
 * `ws` directly, and Node 20 has no WebSocket global without a flag).
 */
const require = createRequire(import.meta.url);
const ws = createRequire(require.resolve('@fastify/websocket'))('ws') as {
  WebSocket: new (url: string, options?: WebSocketOptions) => WebSocket;
};

export interface WebSocketOptions {
  autoPong?: boolean;
  /** Request headers of the handshake, e.g. the session's cookies. */
  headers?: Record<string, string>;
}

/**
 * Opens a socket and waits until the handshake is done; rejects if the server refuses it.
 * `onMessage` listens from the start: a frame the server sends at once may arrive with the
 * handshake's answer, before the caller could add a listener of its own.
 */
export function openWebSocket(
  url: string,
  options: WebSocketOptions = {},
  onMessage?: (data: unknown) => void,
): Promise<WebSocket> {
  const socket = new ws.WebSocket(url, options);
  if (onMessage) socket.on('message', onMessage);
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
    socket.once('unexpected-response', (_request, response) => {
      reject(new Error(`the server answered ${response.statusCode} instead of upgrading`));
    });
  });
}

/** Closes a socket and waits until the server has acknowledged the close. */
export function closeWebSocket(socket: WebSocket): Promise<void> {
  return new Promise((resolve) => {
    if (socket.readyState === socket.CLOSED) return resolve();
    socket.once('close', () => resolve());
    socket.close();
  });
}

/** Retries `check` until it passes or `timeoutMs` runs out: for effects another process completes. */
export async function eventually(check: () => Promise<void> | void, timeoutMs = 2000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

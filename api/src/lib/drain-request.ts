import type { IncomingMessage } from 'node:http';

/**
 * Reads and throws away what is left of a request body after the server has stopped wanting it
 * (an upload refused at its first bytes). A client that is still sending can then finish and
 * read the answer, as browsers expect, instead of stalling on a full TCP window. Past `maxBytes`
 * the connection is closed instead: the server does not read without end.
 */
export function drainRequest(raw: IncomingMessage, maxBytes: number): void {
  if (raw.readableEnded || raw.destroyed) return;
  raw.unpipe();
  let seen = 0;
  raw.on('data', (chunk: Buffer) => {
    seen += chunk.length;
    if (seen > maxBytes) raw.destroy();
  });
  raw.resume();
}

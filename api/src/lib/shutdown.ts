import type { FastifyInstance } from 'fastify';

/**
 * @fastify/websocket's `preClose`: every socket is told the server is going away (1001), so a
 * browser reconnects (to another instance) instead of treating it as an error; the sockets'
 * connections then end with their closing handshake, which the server's close waits for.
 */
export function closeSocketsOnShutdown(this: FastifyInstance, done: () => void): void {
  const server = this.websocketServer;
  for (const client of server.clients) client.close(1001, 'Server shutting down');
  server.close();
  done();
}

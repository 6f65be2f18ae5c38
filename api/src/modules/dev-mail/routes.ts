import { type DevMailMessage, devMailQuerySchema } from 'contracts';
import * as responseSchemas from 'contracts/responses';
import { ApiError } from '../../lib/api-error';
import { defineRoutes, nonJson } from '../../lib/route-schema';
import { createOutboxRepository } from './repository';

const PAGE_SIZE = 50;

const isLoopback = (address: string | undefined) =>
  !!address && (address === '::1' || /^(::ffff:)?127\./.test(address));

/**
 * A Host that names this machine without asking DNS: `localhost`, an IPv4 loopback address or
 * `[::1]`, with any port. A page on another site whose name it rebinds to 127.0.0.1 sends its
 * own name, so it cannot read the outbox even from a browser on this machine.
 */
const LOOPBACK_HOST = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])(?::\d{1,5})?$/i;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Escapes the text and turns http(s) URLs in it into links. */
function linkify(text: string): string {
  return escapeHtml(text).replace(/https?:\/\/[^\s<>"']+/g, (url) => `<a href="${url}">${url}</a>`);
}

function renderPage(messages: DevMailMessage[]): string {
  const items = messages
    .map(
      (m) => `<article>
  <h2>${escapeHtml(m.subject)}</h2>
  <p class="meta">To <strong>${escapeHtml(m.to)}</strong> · ${escapeHtml(m.kind)} · ${escapeHtml(m.locale)} ·
    <time datetime="${m.createdAt}">${m.createdAt.replace('T', ' ').slice(0, 19)} UTC</time>${m.sentAt ? ' · sent by SMTP' : ''}</p>
  <pre>${linkify(m.text)}</pre>
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Outbox (development)</title>
<style>
  body { font-family: system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem; color: #222; }
  article { border: 1px solid #ccc; border-radius: 8px; padding: 0.5rem 1rem; margin: 1rem 0; }
  h2 { font-size: 1.1rem; margin: 0.5rem 0; }
  .meta { color: #555; font-size: 0.9rem; margin: 0; }
  pre { white-space: pre-wrap; font: inherit; }
</style>
</head>
<body>
<h1>Outbox</h1>
<p>The latest ${PAGE_SIZE} mails the site has sent, newest first. Development only; reload to see new ones.
  As JSON: <a href="/api/dev/mail.json">/api/dev/mail.json</a> (<code>?to=address</code> filters).</p>
${items || '<p>No mail yet.</p>'}
</body>
</html>`;
}

/**
 * The outbox for people and e2e tests on a machine without a mail server: registration codes
 * and restore links can be read here. Registered only in development.
 */
export const devMailRoutes = defineRoutes(async (fastify) => {
  const outbox = createOutboxRepository(fastify.db);
  // The outbox holds restore links: it answers only a browser on this very machine, at a
  // loopback name. The socket's own address decides, not X-Forwarded-For; anything relayed by a
  // proxy (even a local one) is refused, so a reverse proxy in front of a development server
  // cannot expose it; and a Host other than a loopback name is refused (DNS rebinding).
  fastify.addHook('onRequest', async (request) => {
    const relayed =
      request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
    const host = request.headers.host;
    if (relayed || !isLoopback(request.socket.remoteAddress) || !host || !LOOPBACK_HOST.test(host)) {
      throw new ApiError(404, 'NOT_FOUND');
    }
  });
  const latest = (to?: string) => outbox.latest(PAGE_SIZE, to);

  fastify.get(
    '/dev/mail',
    {
      schema: {
        summary: 'Development only: the outbox as a page',
        tags: ['dev'],
        querystring: devMailQuerySchema,
        produces: ['text/html'],
        response: { 200: nonJson('An HTML page') },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
      return renderPage(await latest(request.query.to));
    },
  );

  fastify.get(
    '/dev/mail.json',
    {
      schema: {
        summary: 'Development only: the latest 50 mails, newest first',
        tags: ['dev'],
        querystring: devMailQuerySchema,
        response: { 200: responseSchemas.devMail },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { messages: await latest(request.query.to) };
    },
  );
});

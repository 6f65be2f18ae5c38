// The yardstick: a bare Fastify route on the same machine, answering with a fixed listing page
// (the same bytes the real route returned), so the ratio shows what the listing's own work costs.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { root } from '../lib/server.mjs';

const fastify = createRequire(path.join(root, 'api', 'package.json'))('fastify');
const [port = '18311', payloadFile, headersFile] = process.argv.slice(2);
if (!payloadFile) throw new Error('usage: bare-server.mjs <port> <payload.json> [headers.json]');
const payload = readFileSync(payloadFile, 'utf8');
// The paired run's second yardstick: the same route sending the headers the API's answer carries
// besides its own (the security headers, the request id's name with a fixed value), set as the
// API sets them, in one onRequest hook.
const headers = headersFile ? JSON.parse(readFileSync(headersFile, 'utf8')) : null;

const app = fastify({ logger: false });
if (headers) {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
app.get('/api/model', (_request, reply) => {
  reply.header('content-type', 'application/json; charset=utf-8').send(payload);
});
await app.listen({ port: Number(port), host: '127.0.0.1' });
process.send?.('ready');

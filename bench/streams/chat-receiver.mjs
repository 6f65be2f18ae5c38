// A receiver thread of bench/streams/chat.ts (plain JavaScript: worker threads do not get tsx's
// loader). It holds its share of the viewers' sockets and times each chat line's arrival.
import { createRequire } from 'node:module';
import path from 'node:path';
import { parentPort as port, workerData } from 'node:worker_threads';

const apiRequire = createRequire(path.join(import.meta.dirname, '..', '..', 'api', 'package.json'));
const { WebSocket } = createRequire(apiRequire.resolve('@fastify/websocket'))('ws');

if (!port) throw new Error('chat-receiver.mjs runs as a worker thread of chat.ts');
const parentPort = port;
const { url, origin } = workerData;
const sockets = [];
let latencies = [];

const open = () =>
  new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers: { origin } });
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
  });

parentPort.on('message', async (message) => {
  if (message.op === 'add') {
    const opened = await Promise.all(Array.from({ length: message.count }, open));
    for (const socket of opened) {
      socket.on('message', (data) => {
        const match = /"type":"chat".*"text":"b (\d+)"/.exec(String(data));
        if (match) latencies.push(Date.now() - Number(match[1]));
      });
      sockets.push(socket);
    }
    parentPort.postMessage({ op: 'added' });
  } else if (message.op === 'reset') {
    latencies = [];
  } else if (message.op === 'report') {
    parentPort.postMessage({ op: 'report', latencies });
  } else {
    for (const socket of sockets) socket.terminate();
    parentPort.postMessage({ op: 'closed' });
  }
});

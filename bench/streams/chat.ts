// How the stream chat's fan-out holds up (issue 28): the API as it runs (tsx, a fresh embedded
// database with the demo data), the demo model live on her first listed profile, and N viewer
// sockets on /ws/stream from this process. CHATTERS viewers (with nicknames) and the model each send a
// line a little slower than the chat's per-chatter pace; every viewer receives every line. For each
// step N (default 100, 250, 500, 1000): lines sent and received, the time from a line's sending to
// its arrival at each viewer (p50, p99, max over every delivery), and the API's CPU (% of one core,
// its process tree) and RSS. Loopback only, bounded: a step whose sockets do not all open in 60 s
// is the last.
//   node_modules/.bin/tsx bench/streams/chat.ts     STEPS (100,250,500,1000), WINDOW (seconds, 10)
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { WebSocket } from '@fastify/websocket';
import { openWebSocket } from '../../api/src/testing/websocket-client';
import { root, startServer } from '../lib/server.mjs';

const STEPS = (process.env.STEPS ?? '100,250,500,1000').split(',').map(Number);
const WINDOW = Number(process.env.WINDOW ?? 10);
const CHATTERS = Number(process.env.CHATTERS ?? 4);
/** A little slower than CHAT_LINE_INTERVAL_MS (1 s), so no line is refused as too fast. */
const LINE_EVERY_MS = 1_100;
const PASSWORD = 'bench-chat-password';
const PORT = 18360;

const server = await startServer(PORT, {
  NODE_ENV: 'test',
  DEMO_PASSWORD: PASSWORD,
  // 1,000 sockets and their upgrades come from one address here.
  RATE_LIMIT_FACTOR: '100',
});
const base = server.base;
const wsBase = base.replace(/^http/, 'ws');

/** The cookies a response set, as a Cookie header. */
const cookieJar = new Map<string, string>();
const remember = (response: Response) => {
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const [name, ...value] = (pair ?? '').split('=');
    if (name) cookieJar.set(name.trim(), value.join('='));
  }
};
const cookieHeader = () => [...cookieJar].map(([name, value]) => `${name}=${value}`).join('; ');

async function api(method: string, url: string, body?: unknown) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: {
      cookie: cookieHeader(),
      'x-csrf-token': cookieJar.get('csrf_token') ?? '',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  remember(response);
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${await response.text()}`);
  return response.status === 204 ? null : ((await response.json()) as unknown);
}

/** CPU seconds of the server's process tree (tsx and the node it runs). */
function treeCpuSeconds(pid: number): number {
  const pids = [pid];
  for (let index = 0; index < pids.length; index += 1) {
    try {
      const children = execFileSync('pgrep', ['-P', String(pids[index])], { encoding: 'utf8' });
      pids.push(...children.split('\n').filter(Boolean).map(Number));
    } catch {
      // no children
    }
  }
  const ticks = pids.reduce((sum, id) => {
    try {
      const fields = readFileSync(`/proc/${id}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      return sum + Number(fields[11]) + Number(fields[12]);
    } catch {
      return sum;
    }
  }, 0);
  return ticks / 100;
}
function treeRssMb(pid: number): number {
  const output = execFileSync('ps', ['--ppid', String(pid), '-o', 'rss=', '--no-headers'], { encoding: 'utf8' });
  const own = Number(execFileSync('ps', ['-p', String(pid), '-o', 'rss='], { encoding: 'utf8' }).trim());
  return (own + output.split('\n').filter(Boolean).map(Number).reduce((a, b) => a + b, 0)) / 1024;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0) : 0;

interface Viewer {
  socket: WebSocket;
}

const results: unknown[] = [];
const sockets: WebSocket[] = [];
try {
  await api('GET', '/api/health');
  await api('POST', '/api/auth/login', { email: 'model@anketa.local', password: PASSWORD });
  const profiles = (await api('GET', '/api/profiles')) as { items: Array<{ id: number; status: string }> };
  const listed = profiles.items.find((profile) => profile.status === 'active');
  if (!listed) throw new Error('the demo model has no listed profile');
  const stream = (await api('POST', `/api/own-profiles/${listed.id}/stream`, { chatEnabled: true })) as {
    id: number;
    channelId: string;
  };
  const url = `${wsBase}/ws/stream?stream=${stream.id}&channel=${stream.channelId}`;
  const model = await openWebSocket(url, { headers: { cookie: cookieHeader(), origin: base } });
  sockets.push(model);

  /** Deliveries of the current window: milliseconds from sending to arrival. */
  let latencies: number[] = [];
  let received = 0;
  const viewers: Viewer[] = [];
  const addViewer = async () => {
    const socket = await openWebSocket(url, { headers: { origin: base } });
    socket.on('message', (data) => {
      const text = String(data);
      if (!text.includes('"type":"chat"')) return;
      const match = /"text":"b (\d+)"/.exec(text);
      if (!match) return;
      received += 1;
      latencies.push(Date.now() - Number(match[1]));
    });
    sockets.push(socket);
    viewers.push({ socket });
  };

  for (const step of STEPS) {
    const opening = Date.now();
    try {
      while (viewers.length < step) {
        if (Date.now() - opening > 60_000) throw new Error('sockets did not open within 60 s');
        await Promise.all(Array.from({ length: Math.min(50, step - viewers.length) }, addViewer));
      }
    } catch (error) {
      results.push({ viewers: step, error: String(error) });
      break;
    }
    const chatters = [model, ...viewers.slice(0, CHATTERS).map((viewer) => viewer.socket)];
    viewers.slice(0, CHATTERS).forEach((viewer, index) => {
      viewer.socket.send(JSON.stringify({ type: 'nickname', name: `bench${index}` }));
    });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    latencies = [];
    received = 0;
    let sent = 0;
    const cpuBefore = treeCpuSeconds(server.child.pid ?? 0);
    const started = Date.now();
    const timers = chatters.map((socket, index) =>
      setTimeout(
        () => {
          const send = () => {
            socket.send(JSON.stringify({ type: 'chat', text: `b ${Date.now()}` }));
            sent += 1;
          };
          send();
          timers.push(setInterval(send, LINE_EVERY_MS) as unknown as NodeJS.Timeout);
        },
        (index * LINE_EVERY_MS) / chatters.length,
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, WINDOW * 1000));
    for (const timer of timers) clearInterval(timer);
    // The last lines' deliveries.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const seconds = (Date.now() - started) / 1000;
    const cpu = treeCpuSeconds(server.child.pid ?? 0) - cpuBefore;
    const sorted = [...latencies].sort((a, b) => a - b);
    const row = {
      viewers: step,
      linesSent: sent,
      deliveries: received,
      expectedDeliveries: sent * step,
      p50Ms: percentile(sorted, 50),
      p99Ms: percentile(sorted, 99),
      maxMs: sorted.at(-1) ?? 0,
      apiCpuPercent: Math.round((cpu / seconds) * 100),
      apiRssMb: Math.round(treeRssMb(server.child.pid ?? 0)),
    };
    results.push(row);
    console.log(JSON.stringify(row));
  }
} finally {
  for (const socket of sockets) socket.terminate();
  await server.stop();
}
const outDir = path.join(root, 'bench', 'results');
mkdirSync(outDir, { recursive: true });
writeFileSync(
  path.join(outDir, 'streams-chat.json'),
  JSON.stringify({ date: new Date().toISOString(), results }, null, 2),
);
console.table(results);

// How the stream chat's fan-out holds up (issue 28): the API as it runs (tsx, a fresh embedded
// database with the demo data), the demo model live on her first listed profile, and N viewer
// sockets on /ws/stream. CHATTERS viewers (with nicknames) and the model each send a line a little
// slower than the chat's per-chatter pace; every viewer receives every line. For each step N
// (default 100, 250, 500, 1000): lines sent, deliveries against those expected, the time from a
// line's sending to its arrival at each viewer (p50, p99, max over every delivery), and the API's
// CPU (% of one core, its process tree) and RSS. Loopback only, bounded: a step whose sockets do
// not all open in 60 s is the last.
//   node_modules/.bin/tsx bench/streams/chat.ts
//   STEPS (100,250,500,1000), WINDOW (seconds, 10), CHATTERS (4), RECEIVERS (threads, 2)
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { WebSocket } from '@fastify/websocket';
import { openWebSocket } from '../../api/src/testing/websocket-client';
import { root, startServer } from '../lib/server.mjs';

/** What a receiver thread (chat-receiver.mjs, which holds its share of the viewers' sockets) is told and says. */
type ToReceiver = { op: 'add'; count: number } | { op: 'reset' } | { op: 'report' } | { op: 'close' };
type FromReceiver = { op: 'added' } | { op: 'report'; latencies: number[] } | { op: 'closed' };

function ask(worker: Worker, message: ToReceiver, answer: FromReceiver['op']): Promise<FromReceiver> {
  return new Promise((resolve) => {
    const listen = (reply: FromReceiver) => {
      if (reply.op !== answer) return;
      worker.off('message', listen);
      resolve(reply);
    };
    worker.on('message', listen);
    worker.postMessage(message);
  });
}

/** CPU seconds of a process and its descendants (the server is tsx and the node it runs). */
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
  const children = execFileSync('ps', ['--ppid', String(pid), '-o', 'rss=', '--no-headers'], {
    encoding: 'utf8',
  });
  const own = Number(execFileSync('ps', ['-p', String(pid), '-o', 'rss='], { encoding: 'utf8' }).trim());
  return (
    (own +
      children
        .split('\n')
        .filter(Boolean)
        .map(Number)
        .reduce((a, b) => a + b, 0)) /
    1024
  );
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0) : 0;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main() {
  const STEPS = (process.env.STEPS ?? '100,250,500,1000').split(',').map(Number);
  const WINDOW = Number(process.env.WINDOW ?? 10);
  const CHATTERS = Number(process.env.CHATTERS ?? 4);
  const RECEIVERS = Number(process.env.RECEIVERS ?? 2);
  /** A little slower than CHAT_LINE_INTERVAL_MS (1 s), so no line is refused as too fast. */
  const LINE_EVERY_MS = 1_100;
  const PASSWORD = 'bench-chat-password';

  const server = await startServer(18360, {
    NODE_ENV: 'test',
    DEMO_PASSWORD: PASSWORD,
    // 1,000 sockets and their upgrades come from one address here.
    RATE_LIMIT_FACTOR: '100',
  });
  const base = server.base;
  const pid = server.child.pid ?? 0;
  const cookieJar = new Map<string, string>();
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
    for (const line of response.headers.getSetCookie()) {
      const [name, ...value] = (line.split(';')[0] ?? '').split('=');
      if (name) cookieJar.set(name.trim(), value.join('='));
    }
    if (!response.ok)
      throw new Error(`${method} ${url} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as unknown;
  }

  const results: unknown[] = [];
  const sockets: WebSocket[] = [];
  const workers: Worker[] = [];
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
    const url = `${base.replace(/^http/, 'ws')}/ws/stream?stream=${stream.id}&channel=${stream.channelId}`;
    const model = await openWebSocket(url, { headers: { cookie: cookieHeader(), origin: base } });
    sockets.push(model);
    const chatters = [model];
    for (let index = 0; index < CHATTERS; index += 1) {
      const chatter = await openWebSocket(url, { headers: { origin: base } });
      chatter.send(JSON.stringify({ type: 'nickname', name: `bench${index}` }));
      sockets.push(chatter);
      chatters.push(chatter);
    }
    for (let index = 0; index < RECEIVERS; index += 1) {
      workers.push(
        new Worker(path.join(import.meta.dirname, 'chat-receiver.mjs'), {
          workerData: { url, origin: base },
        }),
      );
    }
    let viewers = 0;
    for (const step of STEPS) {
      const opening = Date.now();
      try {
        while (viewers < step) {
          if (Date.now() - opening > 60_000) throw new Error('sockets did not open within 60 s');
          const batch = Math.min(50 * RECEIVERS, step - viewers);
          await Promise.all(
            workers.map((worker, index) => {
              const share = Math.floor(batch / RECEIVERS) + (index < batch % RECEIVERS ? 1 : 0);
              return ask(worker, { op: 'add', count: share }, 'added');
            }),
          );
          viewers += batch;
        }
      } catch (error) {
        results.push({ viewers: step, error: String(error) });
        break;
      }
      await pause(1_500);
      for (const worker of workers) worker.postMessage({ op: 'reset' } satisfies ToReceiver);
      let sent = 0;
      const cpuBefore = treeCpuSeconds(pid);
      const started = Date.now();
      const timers: NodeJS.Timeout[] = [];
      chatters.forEach((socket, index) => {
        const send = () => {
          socket.send(JSON.stringify({ type: 'chat', text: `b ${Date.now()}` }));
          sent += 1;
        };
        timers.push(
          setTimeout(
            () => {
              send();
              timers.push(setInterval(send, LINE_EVERY_MS));
            },
            (index * LINE_EVERY_MS) / chatters.length,
          ),
        );
      });
      await pause(WINDOW * 1000);
      for (const timer of timers) clearInterval(timer);
      // The last lines' deliveries.
      await pause(1_000);
      const seconds = (Date.now() - started) / 1000;
      const cpu = treeCpuSeconds(pid) - cpuBefore;
      const reports = await Promise.all(workers.map((worker) => ask(worker, { op: 'report' }, 'report')));
      const latencies = reports.flatMap((reply) => (reply.op === 'report' ? reply.latencies : []));
      const sorted = latencies.sort((a, b) => a - b);
      const row = {
        viewers: step,
        linesSent: sent,
        deliveries: sorted.length,
        expectedDeliveries: sent * step,
        p50Ms: percentile(sorted, 50),
        p99Ms: percentile(sorted, 99),
        maxMs: sorted.at(-1) ?? 0,
        apiCpuPercent: Math.round((cpu / seconds) * 100),
        apiRssMb: Math.round(treeRssMb(pid)),
      };
      results.push(row);
      console.log(JSON.stringify(row));
    }
  } finally {
    await Promise.all(workers.map((worker) => ask(worker, { op: 'close' }, 'closed')));
    await Promise.all(workers.map((worker) => worker.terminate()));
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
}

await main();

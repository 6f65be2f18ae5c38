// Throughput of server rendering: GET / and listing pages as a browser asks for them (HTML, brotli),
// with the page cache and the listing cache off, so every request loads the catalogue's data and
// renders the page; then GET / with the default 2 s page cache (see README.md).
//   node bench/ssr-render/run.mjs        CONNECTIONS (10), DURATION (seconds, 10)
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { root, startServer } from '../lib/server.mjs';

const CONNECTIONS = Number(process.env.CONNECTIONS ?? 10);
const DURATION = Number(process.env.DURATION ?? 10);

/** RSS in MB of the largest process under `pid` (the API under tsx). */
function rssMb(pid) {
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  let largest = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  for (const child of children) largest = Math.max(largest, rssMb(Number(child)) * 1024);
  return Math.round(largest / 1024);
}

function run(url, requests) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections: CONNECTIONS,
        duration: DURATION,
        headers: { accept: 'text/html', 'accept-encoding': 'br' },
        ...(requests ? { requests } : {}),
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    autocannon.track(instance, { renderProgressBar: false, renderResultsTable: false });
  });
}

// Production seeds no demo profiles: `test` serves the same built files with the demo listing.
const server = await startServer(18350, { NODE_ENV: 'test', LISTING_CACHE_MS: '0' });
try {
  const first = await fetch(`${server.base}/`);
  const html = await first.text();
  if (!html.includes('data-testid="model-card"')) throw new Error('GET / was not rendered on the server');
  // Warm up: the catalogue's server build is loaded and the code paths compiled.
  await run(`${server.base}/`);
  const results = [];
  /** @type {{ name: string, url: string, requests?: { method: string, path: string }[] }[]} */
  const loads = [
    { name: 'GET / (cache off)', url: `${server.base}/` },
    {
      name: 'listing pages 1-6 of 4 categories (cache off)',
      url: server.base,
      requests: Array.from({ length: 24 }, (_, index) => ({
        method: 'GET',
        path: `/category/${['individual', 'massage', 'elite', 'bdsm'][index % 4]}?page=${(index % 6) + 1}`,
      })),
    },
  ];
  for (const { name, url, requests } of loads) {
    const result = await run(url, requests);
    results.push({
      name,
      requestsPerSecond: Math.round(result.requests.average),
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      non2xx: result.non2xx,
      errors: result.errors,
      rssMb: rssMb(server.child.pid),
    });
  }
  // Beside it, the default: rendered guest pages shared for 2 s (LISTING_CACHE_MS).
  const cached = await startServer(18351, { NODE_ENV: 'test', LISTING_CACHE_MS: '2000' });
  try {
    await run(`${cached.base}/`);
    const result = await run(`${cached.base}/`);
    results.push({
      name: 'GET / (page cache 2 s, the default)',
      requestsPerSecond: Math.round(result.requests.average),
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      non2xx: result.non2xx,
      errors: result.errors,
      rssMb: rssMb(cached.child.pid),
    });
  } finally {
    await cached.stop();
  }
  const report = { date: new Date().toISOString(), connections: CONNECTIONS, durationS: DURATION, results };
  mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
  writeFileSync(
    path.join(root, 'bench', 'results', 'ssr-render.json'),
    `${JSON.stringify(report, null, 2)}\n`,
  );
  console.log(`server rendering, ${CONNECTIONS} connections, ${DURATION} s each`);
  for (const r of results) {
    console.log(
      `${r.name.padEnd(48)} ${String(r.requestsPerSecond).padStart(6)} req/s  p50 ${r.p50Ms} ms  p99 ${r.p99Ms} ms  non-2xx ${r.non2xx}  RSS ${r.rssMb} MB`,
    );
  }
} finally {
  await server.stop();
}

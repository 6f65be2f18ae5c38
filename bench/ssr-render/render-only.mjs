// The render alone (issue 31): the shell's server build and the catalogue's, loaded as the server
// loads them, render a page in this process with the API's answers read once beforehand (from the
// built server on the demo data), so neither HTTP, the database nor compression is in the figure:
// what React, the router, the query cache and the texts cost a page. Both of React's renderers:
// the stream (renderToPipeableStream, waited for whole) and the string (renderToString), which the
// server uses when a page has nothing left to wait for. See README.md.
//   node bench/ssr-render/render-only.mjs        PAGES (/,/category/massage?page=2,/girl/<first id>), N (1000)
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import vm from 'node:vm';
import { root, startServer } from '../lib/server.mjs';

const N = Number(process.env.N ?? 1000);
const requireHere = createRequire(import.meta.url);
const shell = requireHere(path.join(root, 'shell', 'dist-server', 'server.cjs'));
const registry = JSON.parse(readFileSync(path.join(root, 'shell', 'dist', 'remotes.json'), 'utf8'));
const catalog = registry.mfe_catalog;
if (!catalog?.ssr) throw new Error('shell/dist/remotes.json names no catalogue server build: npm run build');

/** The API's answers, by path and query, read from the server once. */
const answers = new Map();
/** Answers from memory what was read; `base` reads (and keeps) what was not. */
function answerFrom(base) {
  shell.configure({
    fetch: async (input) => {
      const url = new URL(String(input));
      const key = url.pathname + url.search;
      let answer = answers.get(key);
      if (!answer) {
        if (!base) throw new Error(`${key} was not read beforehand`);
        const response = await fetch(base + key, { headers: { accept: 'application/json' } });
        answer = { status: response.status, body: await response.text() };
        answers.set(key, answer);
      }
      return new Response(answer.body, {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      });
    },
  });
}

// The catalogue's server build, run as api/src/plugins/ssr/remote-loader.ts runs it.
const source = readFileSync(path.join(root, 'mfe-catalog', 'dist', 'server', 'remoteEntry.js'), 'utf8');
const wrapper = vm.runInThisContext(
  `(function (exports, require, module, __filename, __dirname) {${source}\n})`,
  {
    filename: catalog.ssr,
  },
);
const remoteModule = { exports: {} };
wrapper(remoteModule.exports, (id) => shell.sharedModules[id], remoteModule, catalog.ssr, '/');
const remote = remoteModule.exports;

/** @param {string} pathname */
const prepare = (pathname) =>
  shell.preparePage({ url: new URL(pathname, 'http://localhost'), remoteName: 'catalog', remote, registry });

/** @param {string} pathname @returns {Promise<string>} */
async function streamed(pathname) {
  const page = await prepare(pathname);
  return new Promise((resolve, reject) => {
    /** @type {Buffer[]} */
    const chunks = [];
    const sink = new Writable({
      write(chunk, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        resolve(Buffer.concat(chunks).toString('utf8'));
        callback();
      },
    });
    const stream = page.render({ onAllReady: () => stream.pipe(sink), onShellError: reject });
  });
}

/** @param {string} pathname */
const stringed = async (pathname) => (await prepare(pathname)).renderToString();

// A first render of each page reads the answers it asks for from the built server (demo data).
const server = await startServer(18365, { NODE_ENV: 'test' }, undefined, { built: true });
let pages;
try {
  const listing = await (await fetch(`${server.base}/api/model?category=individual`)).json();
  const profile = listing.items[0]?.id;
  if (!profile) throw new Error('the demo data has no visible profile');
  pages = (process.env.PAGES ?? `/,/category/massage?page=2,/girl/${profile}`).split(',');
  answerFrom(server.base);
  for (const pathname of pages) await stringed(pathname);
} finally {
  await server.stop();
}
answerFrom(null);

/** CPU and wall time per page of `render` over N pages, after a warm-up. */
async function measure(render, pathname) {
  for (let i = 0; i < 100; i += 1) await render(pathname);
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < N; i += 1) await render(pathname);
  const used = process.cpuUsage(cpu);
  return {
    cpuMsPerPage: Number(((used.user + used.system) / 1000 / N).toFixed(2)),
    wallMsPerPage: Number(((performance.now() - started) / N).toFixed(2)),
  };
}

console.log(`render alone, ${N} pages each, ${process.version} (CPU includes V8's GC threads)`);
console.log('page                                 bytes  stream cpu ms  string cpu ms  same HTML');
for (const pathname of pages) {
  const [a, b] = [await streamed(pathname), await stringed(pathname)];
  const stream = await measure(streamed, pathname);
  const string = await measure(stringed, pathname);
  console.log(
    `${pathname.padEnd(34)} ${String(Buffer.byteLength(b)).padStart(7)} ${String(stream.cpuMsPerPage).padStart(14)} ${String(string.cpuMsPerPage).padStart(14)}  ${a === b ? 'yes' : 'NO'}`,
  );
}
process.exit(0);

// Builds every front-end app for production and writes .br and .gz beside each text asset,
// so the server sends compressed files without compressing per request.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { buildApi } from './build-api.mjs';
import { APPS, log, root, runAsync } from './lib.mjs';
import { pinServerEntries } from './pin-remotes.mjs';

const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|map|txt)$/;
const STAMP = path.join(root, '.data', 'build-stamp');

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

function compressFile(file) {
  const content = readFileSync(file);
  for (const suffix of ['.gz', '.br']) rmSync(`${file}${suffix}`, { force: true });
  if (content.length < 512) return;
  writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
}

function compressDir(dir) {
  for (const file of files(dir)) {
    if (!COMPRESSIBLE.test(file) || file.endsWith('.map')) continue;
    compressFile(file);
  }
}

/** The shipped registry pins the server builds just built (and its compressed copies follow). */
export function pinRegistry() {
  const registry = path.join(root, 'shell', 'dist', 'remotes.json');
  const pinned = pinServerEntries(root, registry);
  compressFile(registry);
  log(`pinned the server builds of ${pinned.join(', ') || 'no remote'} in shell/dist/remotes.json`);
}

/** Test files and fixtures that ended up in a build folder: none may be deployed. */
export function shippedTestFiles(dir) {
  return [...files(dir)].filter((file) => /\.(test|spec)\.[^/\\]+$/.test(path.basename(file)));
}

/** A digest of everything a front-end build reads, to skip rebuilding unchanged sources. */
export function sourceDigest() {
  const hash = createHash('sha256');
  const dirs = [...APPS, 'platform', 'shared-ui', 'account-ui', 'contracts', 'tools'];
  for (const dir of dirs) {
    const base = path.join(root, dir);
    if (!existsSync(base)) continue;
    const walk = (current) => {
      for (const entry of readdirSync(current, { withFileTypes: true }).sort((a, b) =>
        a.name.localeCompare(b.name),
      )) {
        if (['node_modules', 'dist', 'dist-server', '.data'].includes(entry.name)) continue;
        const full = path.join(current, entry.name);
        if (entry.isDirectory()) walk(full);
        else hash.update(full).update(readFileSync(full));
      }
    };
    walk(base);
  }
  hash.update(readFileSync(path.join(root, 'pnpm-lock.yaml')));
  return hash.digest('hex');
}

export function buildIsCurrent() {
  return (
    existsSync(STAMP) &&
    APPS.every((app) => existsSync(path.join(root, app, 'dist'))) &&
    // The shell's server build renders the public pages.
    existsSync(path.join(root, 'shell', 'dist-server', 'server.cjs')) &&
    readFileSync(STAMP, 'utf8') === sourceDigest()
  );
}

export async function buildAll() {
  const started = Date.now();
  // Two at a time: the machines have two cores.
  const queue = [...APPS];
  const worker = async () => {
    for (let app = queue.shift(); app; app = queue.shift()) {
      const cwd = path.join(root, app);
      await runAsync(path.join(cwd, 'node_modules', '.bin', 'rspack'), ['build', '--mode', 'production'], {
        cwd,
        env: { NODE_ENV: 'production' },
      }).catch((error) => {
        process.stderr.write(error.output ?? '');
        throw new Error(`build of ${app} failed`);
      });
      const shipped = shippedTestFiles(path.join(cwd, 'dist'));
      if (shipped.length) {
        throw new Error(
          `build of ${app} ships test files: ${shipped.map((f) => path.relative(root, f)).join(', ')}`,
        );
      }
      compressDir(path.join(cwd, 'dist'));
      log(`built ${app}`);
    }
  };
  await Promise.all([worker(), worker()]);
  pinRegistry();
  mkdirSync(path.dirname(STAMP), { recursive: true });
  writeFileSync(STAMP, sourceDigest());
  log(`built ${APPS.length} apps in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

// `npm run build`: every front end (if changed) and the API, as production runs them.
if (import.meta.url === `file://${process.argv[1]}`) {
  (buildIsCurrent() ? Promise.resolve(log('front-end builds are up to date')) : buildAll())
    .then(buildApi)
    .catch((error) => {
      console.error(error.message);
      process.exit(1);
    });
}

// Builds every front-end app for production and writes .br and .gz beside each text asset,
// so the server sends compressed files without compressing per request.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { buildApi } from './build-api.mjs';
import { APPS, log, root, runAsync } from './lib.mjs';
import { declareRoutes, pinServerEntries } from './pin-remotes.mjs';

const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|map|txt)$/;
const STAMP = path.join(root, '.data', 'build-stamp');

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

/**
 * Brotli's quality for the shipped `.br` copies: 11, the smallest files, for every build that may
 * be served. `npm test`'s build asks for less (`BUILD_BROTLI_QUALITY=5`): its journeys read the
 * files, never their compressed size (the size budgets gzip the built files themselves), and
 * quality 11 cost about 17 CPU seconds a build on the way to the journeys. The stamp keeps the
 * quality, so `npm start` or `npm run build` after a test build compresses again at 11.
 */
const SHIPPED_BROTLI_QUALITY = 11;
const brotliQuality = () =>
  Math.min(
    SHIPPED_BROTLI_QUALITY,
    Math.max(1, Number(process.env.BUILD_BROTLI_QUALITY) || SHIPPED_BROTLI_QUALITY),
  );

function compressFile(file) {
  const content = readFileSync(file);
  for (const suffix of ['.gz', '.br']) rmSync(`${file}${suffix}`, { force: true });
  if (content.length < 512) return;
  writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality() } }),
  );
}

export function compressDir(dir) {
  for (const file of files(dir)) {
    if (!COMPRESSIBLE.test(file) || file.endsWith('.map')) continue;
    compressFile(file);
  }
}

/** The shipped registry pins the server builds just built (and its compressed copies follow). */
export function pinRegistry() {
  const registry = path.join(root, 'shell', 'dist', 'remotes.json');
  const pinned = pinServerEntries(root, registry);
  const declared = declareRoutes(root, registry);
  compressFile(registry);
  log(`pinned the server builds of ${pinned.join(', ') || 'no remote'} in shell/dist/remotes.json`);
  log(`wrote the routes ${declared.join(', ') || 'no remote'} declare in shell/dist/remotes.json`);
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

/** The stamp: the sources' digest, and the brotli quality of the copies when below 11. */
const stampText = (quality) =>
  quality >= SHIPPED_BROTLI_QUALITY ? sourceDigest() : `${sourceDigest()} brotli ${quality}`;

/** Whether the front ends were built from these sources, compressed at least as well as this build asks. */
export function buildIsCurrent() {
  if (
    !existsSync(STAMP) ||
    !APPS.every((app) => existsSync(path.join(root, app, 'dist'))) ||
    // The shell's server build renders the public pages.
    !existsSync(path.join(root, 'shell', 'dist-server', 'server.cjs'))
  ) {
    return false;
  }
  const [digest, , quality] = readFileSync(STAMP, 'utf8').split(' ');
  return digest === sourceDigest() && Number(quality ?? SHIPPED_BROTLI_QUALITY) >= brotliQuality();
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
  writeFileSync(STAMP, stampText(brotliQuality()));
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

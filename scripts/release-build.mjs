#!/usr/bin/env node
// Releases one remote (issue 30): builds its browser and server targets, checks the build, copies
// it to the release store as an immutable version and records it in the registry, all without a
// rebuild or a restart of the shell or the API. Run from the remote's folder:
//
//   pnpm --filter mfe-catalog release                 # build, check, store, publish
//   pnpm --filter mfe-catalog release --check         # build and check only
//   pnpm --filter mfe-catalog release --no-build      # the dist/ `npm run build` built
//
// The version is the package's semver (RELEASE_SEMVER overrides it) and the content hash of the
// build. The store is RELEASE_STORE_DIR (.data/releases by default), served by the API at
// /mfe/<folder>/<version>/; with RELEASE_S3_BUCKET it is that S3-compatible bucket, served by the
// CDN at RELEASE_BASE_URL (scripts/release-s3.mjs). The
// registry is the API at RELEASE_API (http://localhost:8080), with RELEASE_TOKEN.
//
// A release is refused, with the reason, and nothing is stored or published when: an exposed
// module the shell loads is missing, a shared singleton's range does not accept the host's
// version, its routes collide with another remote's, or its server entry does not render a page.
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import vm from 'node:vm';
import semver from 'semver';
import { compressDir } from './build.mjs';
import { filesBelow, root, run } from './lib.mjs';
import { integrityOf, remoteDeclaration } from './pin-remotes.mjs';
import { s3StoreOf, uploadRelease } from './release-s3.mjs';

/** What the shell loads of every remote. */
export const REQUIRED_EXPOSES = ['./routes'];

/** The singletons a remote shares with the host, by package: one copy each on a page. */
export const HOST_SINGLETONS = [
  'react',
  'react-dom',
  'react-router',
  'react-router-dom',
  'jotai',
  '@tanstack/react-query',
  'i18next',
  'react-i18next',
];

/** `react-dom/client` is react-dom's, `@tanstack/react-query` its own. */
const packageOf = (name) =>
  name
    .split('/')
    .slice(0, name.startsWith('@') ? 2 : 1)
    .join('/');

/**
 * The build's content hash: SHA-256 over every file's path and bytes (the compressed copies
 * follow from them and are left out), so the same build always gets the same version.
 */
export function contentHash(dist) {
  const hash = createHash('sha256');
  for (const file of filesBelow(dist)) {
    if (/\.(br|gz)$/.test(file)) continue;
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(dist, file)));
    hash.update('\0');
  }
  return hash.digest('hex').slice(0, 12);
}

/** The problems of a browser build against the host: exposed modules and shared singletons. */
export function checkBrowserBuild({ dist, name, hostDependencies }) {
  const problems = [];
  const manifestFile = path.join(dist, 'mf-manifest.json');
  if (!existsSync(manifestFile)) return [`${name}: the build has no mf-manifest.json`];
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  if (manifest.name !== name) problems.push(`the build is ${manifest.name}, remote.json names ${name}`);
  const exposes = new Map((manifest.exposes ?? []).map((expose) => [expose.path, expose]));
  for (const wanted of REQUIRED_EXPOSES) {
    const expose = exposes.get(wanted);
    if (!expose) {
      problems.push(`the exposed module ${wanted} is missing (the shell loads it)`);
      continue;
    }
    for (const file of [...(expose.assets?.js?.sync ?? []), ...(expose.assets?.css?.sync ?? [])]) {
      if (!existsSync(path.join(dist, file)))
        problems.push(`${wanted}: its file ${file} is not in the build`);
    }
  }
  const entry = manifest.metaData?.remoteEntry;
  if (!entry?.name || !existsSync(path.join(dist, entry.path ?? '', entry.name))) {
    problems.push('the remote entry named by mf-manifest.json is not in the build');
  }
  for (const shared of manifest.shared ?? []) {
    const pkg = packageOf(shared.name);
    if (!HOST_SINGLETONS.includes(pkg)) continue;
    const host = hostDependencies[pkg];
    if (!shared.singleton) problems.push(`${shared.name} is not shared as a singleton`);
    if (!host) {
      problems.push(`${shared.name}: the host does not provide ${pkg}`);
    } else if (shared.requiredVersion && !semver.satisfies(host, shared.requiredVersion)) {
      problems.push(`${shared.name} needs ${shared.requiredVersion}; the host provides ${host}`);
    } else if (shared.version && semver.major(shared.version) !== semver.major(host)) {
      problems.push(`${shared.name} was built against ${shared.version}; the host provides ${host}`);
    }
  }
  return problems;
}

/** A route's first concrete path, to render: `:id` becomes 1, `*` and optional parts go. */
const samplePath = (route) =>
  `/${route
    .split('/')
    .filter((part) => part && part !== '*' && !part.endsWith('?'))
    .map((part) => (part.startsWith(':') ? '1' : part))
    .join('/')}`;

/** Runs a server build as the API does: CommonJS whose shared libraries come from the host. */
function runCommonJs(source, filename, shared) {
  const wrapper = vm.runInThisContext(
    `(function (exports, require, module, __filename, __dirname) {${source}\n})`,
    {
      filename,
    },
  );
  const module = { exports: {} };
  const requireShared = (id) => {
    if (Object.hasOwn(shared, id)) return shared[id];
    throw new Error(`requires "${id}", which the host does not share`);
  };
  wrapper(module.exports, requireShared, module, filename, '/');
  return module.exports;
}

/**
 * Renders a smoke page of each of the remote's routes with its server entry, inside the host's
 * server build, with the API finding nothing (the page must still render: its not-found states).
 * Answers the problems: a module that does not load, lacks what the renderer needs, or throws.
 */
export async function smokeRender({ serverFile, shellServerFile, name, routes }) {
  if (!existsSync(shellServerFile)) {
    return [
      `the host's server build ${path.relative(root, shellServerFile)} is missing: run npm run build first`,
    ];
  }
  const shell = createRequire(import.meta.url)(shellServerFile);
  shell.configure({
    fetch: async () =>
      // Nothing is found: the pages render their not-found and empty states, and nothing retries.
      new Response(JSON.stringify({ code: 'NOT_FOUND', message: 'smoke render' }), {
        status: 404,
        headers: { 'content-type': 'application/json' },
      }),
  });
  let remote;
  try {
    remote = runCommonJs(readFileSync(serverFile, 'utf8'), serverFile, shell.sharedModules);
  } catch (error) {
    return [`the server entry does not load: ${error.message}`];
  }
  if (typeof remote?.Routes !== 'function' || typeof remote.namespace !== 'string' || !remote.locales) {
    return ['the server entry lacks Routes, namespace or locales'];
  }
  const registry = { [name]: { entry: '/smoke/mf-manifest.json', routes } };
  const problems = [];
  for (const route of routes.slice(0, 5)) {
    const url = new URL(samplePath(route), 'http://smoke.invalid');
    const remoteName = shell.ownerOf(url.pathname, registry);
    if (!remoteName) continue;
    try {
      const page = await shell.preparePage({ url, remoteName, remote, registry });
      const html = await new Promise((resolve, reject) => {
        const chunks = [];
        const sink = new Writable({
          write(chunk, _encoding, callback) {
            chunks.push(Buffer.from(chunk));
            callback();
          },
          final(callback) {
            resolve(Buffer.concat(chunks).toString('utf8'));
            callback();
          },
        });
        const stream = page.render({
          onAllReady: () => stream.pipe(sink),
          onShellError: reject,
          onError: (error) => {
            if (!(error instanceof Error && error.name === 'ClientOnlyRemote')) reject(error);
          },
        });
        setTimeout(() => reject(new Error('did not finish within 10 s')), 10_000).unref();
      });
      if (html.length < 200) problems.push(`${url.pathname} rendered almost nothing`);
    } catch (error) {
      problems.push(`${url.pathname} does not render: ${error.message}`);
    }
  }
  return problems;
}

/** Copies the build into the store under its version: never over a version already there. */
export function storeRelease({ dist, storeDir, folder, version }) {
  const target = path.join(storeDir, folder, version);
  if (existsSync(target)) {
    if (contentHash(target) !== contentHash(dist)) {
      throw new Error(`${path.relative(root, target)} holds other files: a version is never overwritten`);
    }
    return { target, stored: false };
  }
  mkdirSync(path.dirname(target), { recursive: true });
  // Copied beside, then renamed: the server never serves a half-copied version.
  const partial = `${target}.partial-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  cpSync(dist, partial, { recursive: true });
  renameSync(partial, target);
  return { target, stored: true };
}

async function api(env, method, pathname, body) {
  const base = (env.RELEASE_API || 'http://localhost:8080').replace(/\/+$/, '');
  const response = await fetch(base + pathname, {
    method,
    headers: {
      authorization: `Bearer ${env.RELEASE_TOKEN}`,
      'accept-language': env.RELEASE_LANG || 'en',
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  });
  const answer = await response.json().catch(() => ({}));
  return { status: response.status, body: answer };
}

const reasonOf = ({ status, body }) =>
  `${status} ${body?.code ?? ''}: ${body?.message ?? ''}${Object.entries(body?.fields ?? {})
    .map(([field, key]) => ` (${field}: ${key})`)
    .join('')}`;

/** The release command; answers the exit code. */
export async function main(argv, { cwd = process.cwd(), env = process.env, out = console } = {}) {
  const appDir = path.resolve(cwd);
  const folder = path.basename(appDir).replace(/^mfe-/, '');
  const declaration = remoteDeclaration(path.dirname(appDir), path.basename(appDir));
  if (!declaration) {
    out.error(`${appDir} has no remote.json: run this from a remote's folder`);
    return 2;
  }
  const checkOnly = argv.includes('--check');
  if (!checkOnly && !env.RELEASE_TOKEN) {
    out.error(
      'RELEASE_TOKEN is not set: the registry refuses pipelines without it (--check builds and checks only)',
    );
    return 2;
  }
  // A release builds beside dist/, which the server goes on serving as it is.
  let dist = path.join(root, '.data', 'release-builds', folder);
  if (argv.includes('--no-build')) {
    dist = path.join(appDir, 'dist');
  } else {
    out.log(`building ${declaration.name} (browser and server)`);
    run(path.join(appDir, 'node_modules', '.bin', 'rspack'), ['build', '--mode', 'production'], {
      cwd: appDir,
      env: { RELEASE_OUT_DIR: dist },
    });
  }
  const pkg = JSON.parse(readFileSync(path.join(appDir, 'package.json'), 'utf8'));
  const semverOf = env.RELEASE_SEMVER || pkg.version;
  if (!semver.valid(semverOf)) {
    out.error(`${semverOf} is not a semver version`);
    return 2;
  }
  // `npm run build` compressed dist/ already (and the server may be sending those files now).
  if (!argv.includes('--no-build')) compressDir(dist);
  const version = `${semverOf}+${contentHash(dist)}`;
  const shellPkg = JSON.parse(readFileSync(path.join(root, 'shell', 'package.json'), 'utf8'));
  const problems = checkBrowserBuild({
    dist,
    name: declaration.name,
    hostDependencies: shellPkg.dependencies,
  });
  const serverFile = path.join(dist, 'server', 'remoteEntry.js');
  const hasServer = existsSync(serverFile);
  if (hasServer) {
    problems.push(
      ...(await smokeRender({
        serverFile,
        shellServerFile: path.join(root, 'shell', 'dist-server', 'server.cjs'),
        name: declaration.name,
        routes: declaration.routes,
      })),
    );
  }
  const base = (env.RELEASE_BASE_URL || '').replace(/\/+$/, '');
  const at = `${base}/mfe/${folder}/${version}`;
  const release = {
    remote: declaration.name,
    version,
    entry: `${at}/mf-manifest.json`,
    routes: declaration.routes,
    ...(hasServer
      ? { ssr: `${at}/server/remoteEntry.js`, integrity: integrityOf(readFileSync(serverFile)) }
      : {}),
  };
  if (!checkOnly && problems.length === 0) {
    // The registry's own checks (routes against every other remote's, the version's files) before
    // anything is stored.
    const answer = await api(env, 'POST', '/api/releases/check', release).catch((error) => ({
      status: 0,
      body: { message: `the API did not answer: ${error.cause?.code ?? error.message}` },
    }));
    if (answer.status !== 200) problems.push(`the registry refuses it: ${reasonOf(answer)}`);
  }
  if (problems.length > 0) {
    out.error(
      `${declaration.name} ${version} is refused, nothing was published:\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    );
    return 1;
  }
  if (checkOnly) {
    out.log(`${declaration.name} ${version} passes its checks (not published: --check)`);
    return 0;
  }
  let stored;
  const bucket = s3StoreOf(env);
  if (bucket) {
    // The bucket behind the CDN (RELEASE_BASE_URL) holds the release; the API's disk does not.
    stored = (await uploadRelease({ dist, folder, version, store: bucket })) > 0;
  } else {
    const storeDir = path.resolve(env.RELEASE_STORE_DIR || path.join(root, '.data', 'releases'));
    stored = storeRelease({ dist, storeDir, folder, version }).stored;
  }
  const published = await api(env, 'POST', '/api/releases', release);
  if (published.status !== 200) {
    out.error(`${declaration.name} ${version}: the registry refused it: ${reasonOf(published)}`);
    return 1;
  }
  out.log(
    `${declaration.name} ${version} ${stored ? 'stored' : 'already in the store'} and ${
      published.body.created ? 'published' : 'already published'
    }: ${release.entry}\nnext: pnpm release:canary ${path.basename(appDir)} ${version} 10 "<why>"`,
  );
  out.log(JSON.stringify({ remote: release.remote, version }));
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  // The host's server build leaves timers behind (its caches): the command ends when it is done.
  process.exit(await main(process.argv.slice(2)));
}

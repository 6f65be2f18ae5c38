// Helpers shared by the start, build and test scripts. Plain Node, no dependencies: these run
// before anything is installed.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const PNPM_VERSION = '10.34.9';
const pnpmBin = path.join(root, '.tools', 'node_modules', '.bin', 'pnpm');

export const APPS = [
  'shell',
  'mfe-catalog',
  'mfe-auth',
  'mfe-model-cabinet',
  'mfe-advertiser-office',
  'mfe-admin',
];

/** Installs the pinned pnpm into .tools/ once, so a fresh machine needs only Node and npm. */
export function ensurePnpm() {
  if (existsSync(pnpmBin)) return pnpmBin;
  log(`installing pnpm ${PNPM_VERSION} into .tools/`);
  const result = spawnSync(
    'npm',
    [
      'install',
      '--prefix',
      path.join(root, '.tools'),
      '--no-save',
      '--no-audit',
      '--no-fund',
      '--loglevel=error',
      `pnpm@${PNPM_VERSION}`,
    ],
    { stdio: 'inherit', cwd: root },
  );
  if (result.status !== 0 || !existsSync(pnpmBin)) throw new Error('could not install pnpm');
  return pnpmBin;
}

export function installDependencies() {
  const pnpm = ensurePnpm();
  run(pnpm, ['install', '--frozen-lockfile', '--prefer-offline', '--reporter=append-only'], {
    quietOk: true,
  });
  return pnpm;
}

/** Runs a command, streaming its output; throws on a non-zero exit. */
export function run(command, args, { cwd = root, env = {}, quietOk = false } = {}) {
  const result = spawnSync(command, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: quietOk ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    if (quietOk) process.stderr.write(`${result.stdout ?? ''}${result.stderr ?? ''}`);
    throw new Error(
      `${path.basename(command)} ${args.join(' ')} exited with ${result.status ?? result.signal}`,
    );
  }
  return result;
}

/** Like run, but asynchronous, so independent steps can share the two cores. */
export function runAsync(command, args, { cwd = root, env = {} } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('close', (code) => {
      if (code === 0) resolve(output);
      else
        reject(
          Object.assign(new Error(`${path.basename(command)} ${args.join(' ')} exited with ${code}`), {
            output,
          }),
        );
    });
  });
}

export function log(message) {
  process.stdout.write(`\u203a ${message}\n`);
}

/** Every file below `dir`, by its path relative to `dir` with `/` separators, in name order. */
export function* filesBelow(dir, base = dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
    a.name.localeCompare(b.name),
  )) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesBelow(full, base);
    else yield path.relative(base, full).split(path.sep).join('/');
  }
}

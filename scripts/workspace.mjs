// What `npm test` runs is read from the workspace itself: the packages pnpm-workspace.yaml lists,
// their package.json scripts and the test files on disk. A new package, or one whose tests stop
// running, then shows up without anyone editing a list here.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root, runAsync } from './lib.mjs';

/** Unit-test files as Vitest names them by default; e2e journeys are `*.spec.ts`, run by Playwright. */
export const TEST_FILE = /\.test\.[cm]?[jt]sx?$/;
const SKIPPED_DIRS = new Set([
  'node_modules',
  'dist',
  'dist-server',
  '.data',
  'test-results',
  'playwright-report',
  'coverage',
]);

/** The `packages:` globs of pnpm-workspace.yaml (only `name` and `prefix-*` forms are used). */
export function workspaceGlobs(rootDir = root) {
  const yaml = readFileSync(path.join(rootDir, 'pnpm-workspace.yaml'), 'utf8');
  const block = yaml.match(/^packages:\s*\n((?:[ \t]+-.*\n?)+)/m)?.[1] ?? '';
  return [...block.matchAll(/^[ \t]+-[ \t]*['"]?([^'"\s#]+)/gm)].map((match) => match[1]);
}

/** Every workspace package: its folder (relative to the root), name and scripts, sorted by folder. */
export function workspacePackages(rootDir = root) {
  const dirs = new Set();
  for (const glob of workspaceGlobs(rootDir)) {
    const pattern = new RegExp(`^${glob.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}$`);
    for (const entry of readdirSync(rootDir, { withFileTypes: true })) {
      if (entry.isDirectory() && pattern.test(entry.name)) dirs.add(entry.name);
    }
  }
  return [...dirs]
    .filter((dir) => existsSync(path.join(rootDir, dir, 'package.json')))
    .sort()
    .map((dir) => {
      const manifest = JSON.parse(readFileSync(path.join(rootDir, dir, 'package.json'), 'utf8'));
      return { dir, name: manifest.name, scripts: manifest.scripts ?? {} };
    });
}

/** Unit-test files below `dir`, relative to it. */
export function testFilesIn(dir) {
  const found = [];
  const walk = (current) => {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name)) walk(path.join(current, entry.name));
      } else if (TEST_FILE.test(entry.name)) {
        found.push(path.relative(dir, path.join(current, entry.name)));
      }
    }
  };
  walk(dir);
  return found.sort();
}

/** Packages whose `test` script runs Vitest. */
export const vitestPackages = (packages) =>
  packages.filter((pkg) => /^vitest\b/.test(pkg.scripts.test ?? ''));

/** Packages that declare a `typecheck` script. */
export const typecheckedPackages = (packages) => packages.filter((pkg) => pkg.scripts.typecheck);

/** Runs a package script the way `pnpm run` would: the package's and the root's bins on PATH. */
export function runScript(pkgDir, command, { env = {}, rootDir = root } = {}) {
  const bins = [path.join(pkgDir, 'node_modules', '.bin'), path.join(rootDir, 'node_modules', '.bin')];
  return runAsync('sh', ['-c', command], {
    cwd: pkgDir,
    env: { ...env, PATH: [...bins, process.env.PATH].join(path.delimiter) },
  });
}

/**
 * Runs a package's Vitest `test` script and fails it when it has test files on disk but Vitest
 * ran none of their tests, or left some of those files out: `--passWithNoTests`, a narrowed
 * `include` or an `it.skip` would otherwise turn vanished tests into a green step.
 * Resolves with Vitest's output.
 */
export async function runUnitTests(pkgDir, { env = {}, rootDir = root } = {}) {
  const manifest = JSON.parse(readFileSync(path.join(pkgDir, 'package.json'), 'utf8'));
  const script = manifest.scripts?.test;
  if (!script) throw new Error(`${pkgDir} has no test script`);
  const reportDir = mkdtempSync(path.join(os.tmpdir(), 'vitest-report-'));
  const report = path.join(reportDir, 'report.json');
  try {
    const output = await runScript(
      pkgDir,
      `${script} --reporter=default --reporter=json --outputFile.json=${JSON.stringify(report)}`,
      { env, rootDir },
    );
    const onDisk = testFilesIn(pkgDir);
    if (onDisk.length === 0) return output;
    const results = existsSync(report) ? JSON.parse(readFileSync(report, 'utf8')) : null;
    const ran = (results?.numPassedTests ?? 0) + (results?.numFailedTests ?? 0);
    const collected = new Set((results?.testResults ?? []).map((file) => path.relative(pkgDir, file.name)));
    const missed = onDisk.filter((file) => !collected.has(file));
    const problems = [
      ...(ran === 0 ? [`${onDisk.length} test files on disk, but no test ran`] : []),
      ...(missed.length ? [`test files Vitest did not run: ${missed.join(', ')}`] : []),
    ];
    if (problems.length) {
      throw Object.assign(new Error(`${path.relative(rootDir, pkgDir) || pkgDir}: ${problems.join('; ')}`), {
        output,
      });
    }
    return output;
  } finally {
    rmSync(reportDir, { recursive: true, force: true });
  }
}

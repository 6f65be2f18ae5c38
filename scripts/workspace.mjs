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

/** Packages whose Vitest suite has steps of its own in `npm test`: the API's, once per database. */
export const OWN_STEPS = new Set(['api']);

/** The packages the root Vitest config runs together as projects (every Vitest package but the API). */
export const unitTestedPackages = (packages = workspacePackages()) =>
  vitestPackages(packages).filter((pkg) => !OWN_STEPS.has(pkg.dir));

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
  return (await runVitest(pkgDir, script, [pkgDir], { env, rootDir })).output;
}

/**
 * Runs a Vitest command in `cwd` (a package, or the root whose config lists packages as
 * projects) and checks, for each of `packageDirs`, that every test file on disk ran and that
 * some test ran at all (of the files `expects` accepts, by their path in the package). Resolves with the output and the counts: files, tests, and the slowest
 * files (for the summary's list of what to make cheaper next).
 */
export async function runVitest(
  cwd,
  script,
  packageDirs,
  { env = {}, rootDir = root, expects = (_file) => true } = {},
) {
  const reportDir = mkdtempSync(path.join(os.tmpdir(), 'vitest-report-'));
  const report = path.join(reportDir, 'report.json');
  try {
    let output;
    let failure;
    try {
      output = await runScript(
        cwd,
        `${script} --reporter=default --reporter=json --outputFile.json=${JSON.stringify(report)}`,
        { env, rootDir },
      );
    } catch (error) {
      failure = error;
      output = error.output ?? '';
    }
    const results = existsSync(report) ? JSON.parse(readFileSync(report, 'utf8')) : null;
    const testResults = results?.testResults ?? [];
    const counts = {
      files: testResults.length,
      tests: (results?.numPassedTests ?? 0) + (results?.numFailedTests ?? 0),
      slowest: slowestTests(testResults, rootDir),
    };
    if (failure) throw Object.assign(failure, { output, counts });
    const collected = new Set(testResults.map((file) => path.resolve(file.name)));
    const problems = [];
    for (const pkgDir of packageDirs) {
      // `expects` narrows the files this run owns (a suite split over two runs checks each part).
      const onDisk = testFilesIn(pkgDir)
        .map((file) => path.join(pkgDir, file))
        .filter((file) => expects(path.relative(pkgDir, file)));
      if (onDisk.length === 0) continue;
      const name = path.relative(rootDir, pkgDir) || pkgDir;
      const ran = testResults
        .filter((file) => onDisk.includes(path.resolve(file.name)))
        .reduce((sum, file) => sum + file.assertionResults.filter(ranTest).length, 0);
      const missed = onDisk.filter((file) => !collected.has(file));
      if (ran === 0) problems.push(`${name}: ${onDisk.length} test files on disk, but no test ran`);
      if (missed.length) {
        problems.push(
          `${name}: test files Vitest did not run: ${missed.map((file) => path.relative(pkgDir, file)).join(', ')}`,
        );
      }
    }
    if (problems.length) throw Object.assign(new Error(problems.join('; ')), { output, counts });
    return { output, counts };
  } finally {
    rmSync(reportDir, { recursive: true, force: true });
  }
}

const ranTest = (test) => test.status === 'passed' || test.status === 'failed';

/** The tests that took longest (their file's hooks not counted), with their time in seconds. */
function slowestTests(testResults, rootDir, count = 20) {
  return testResults
    .flatMap((file) =>
      file.assertionResults.map((test) => ({
        name: `${path.relative(rootDir, file.name)} › ${test.fullName ?? test.title}`,
        seconds: (test.duration ?? 0) / 1000,
      })),
    )
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, count);
}

/** The typecheck script a package may share a program with others for: its own tsconfig.json. */
const PLAIN_TYPECHECK = 'tsc -p tsconfig.json';

/** A tsconfig.json as JSON: the comments tsc allows taken out (not inside strings; none use them). */
function readTsconfig(file) {
  const text = readFileSync(file, 'utf8').replace(/^\s*\/\/.*$/gm, '');
  return JSON.parse(text);
}

/**
 * The typecheck work of `npm test`: packages whose tsconfig.json has the same base and the same
 * compiler options, and includes the same folders outside the package, are checked as one
 * program, so the sources they share (contracts, platform, shared-ui...) are checked once instead
 * of once per consumer; every other package runs its own typecheck script. Each group is
 * `{ dirs, config }` where `config` is a tsconfig to write beside the root (null: run the script).
 */
export function typecheckGroups(packages, rootDir = root) {
  const groups = new Map();
  const alone = [];
  for (const pkg of typecheckedPackages(packages)) {
    const pkgDir = path.join(rootDir, pkg.dir);
    const configFile = path.join(pkgDir, 'tsconfig.json');
    if (pkg.scripts.typecheck !== PLAIN_TYPECHECK || !existsSync(configFile)) {
      alone.push({ dirs: [pkg.dir], config: null });
      continue;
    }
    const config = readTsconfig(configFile);
    const unsupported = Object.keys(config).filter(
      (key) => !['extends', 'compilerOptions', 'include'].includes(key),
    );
    if (unsupported.length || typeof config.extends !== 'string') {
      alone.push({ dirs: [pkg.dir], config: null });
      continue;
    }
    const include = (config.include ?? []).map((entry) => path.resolve(pkgDir, entry));
    const outside = include.filter((entry) => !entry.startsWith(pkgDir + path.sep)).sort();
    const key = JSON.stringify([path.resolve(pkgDir, config.extends), config.compilerOptions ?? {}, outside]);
    const group = groups.get(key) ?? {
      dirs: [],
      config: {
        extends: path.resolve(pkgDir, config.extends),
        compilerOptions: config.compilerOptions ?? {},
        include: [],
      },
    };
    group.dirs.push(pkg.dir);
    for (const entry of include) if (!group.config.include.includes(entry)) group.config.include.push(entry);
    groups.set(key, group);
  }
  return [
    ...[...groups.values()].map((group) =>
      group.dirs.length > 1 ? group : { dirs: group.dirs, config: null },
    ),
    ...alone,
  ];
}

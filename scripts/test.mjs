// `npm test`: installs, then runs every check and ends with a table (time and what ran, per step)
// and one summary line. Exits non-zero when any step fails; the other steps still run so one
// report shows everything. `npm run test:quick` (`--quick`) is the inner loop: lint, typecheck,
// unit and the API files that need no killed server or built bundle, on PGlite.
//
// What runs is read from the workspace (scripts/workspace.mjs), not from a list kept here. Steps
// that leave a core idle run beside others (see `steps` below for the order).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { buildApi } from './build-api.mjs';
import { buildAll, buildIsCurrent } from './build.mjs';
import { installDependencies, log, root, runAsync } from './lib.mjs';
import {
  runScript,
  runVitest,
  typecheckGroups,
  unitTestedPackages,
  vitestPackages,
  workspacePackages,
} from './workspace.mjs';

const quick = process.argv.includes('--quick');
const bin = (pkg, name) => path.join(root, pkg, 'node_modules', '.bin', name);
const rootBin = (name) => path.join(root, 'node_modules', '.bin', name);

/** API test files that start a server of their own and kill it, or build the API: not in the quick tier. */
const API_SLOW_FILES = [
  'src/production-build.test.ts',
  'src/modules/payments/kill.test.ts',
  'src/modules/payments/reconcile.test.ts',
  'src/modules/media/kill.test.ts',
  'src/modules/own-profiles/approval-kill.test.ts',
  'src/shutdown.test.ts',
  // Uploads of 20-51 MB through a listening server, each within 30 s: starved by the journeys
  // beside a niced worker, a CI run took 31 s for one.
  'src/modules/media/streaming.test.ts',
];

/**
 * API test files the quick tier runs, but `npm test` leaves until the journeys have ended: the
 * embedded SFU's (WebRTC over loopback, werift). In the suite's niced worker beside the browser a
 * viewer connected and then had no packet for 15 s (0.5 s alone); the same happens with `nice 10`
 * under three busy loops.
 */
const API_AFTER_JOURNEYS = [
  ...API_SLOW_FILES,
  'src/modules/streams/media-over-socket.test.ts',
  'src/modules/streams/media/embedded.test.ts',
];

/** A test's and a hook's time limit in the API pass niced beside the journeys (30 s elsewhere). */
const STARVED_TIMEOUT_MS = 90_000;

/** The last lines of a failed step's output, repeated above the summary: a log cut to its tail still shows why. */
const DIGEST_LINES = 60;
const tailOf = (text) => text.split('\n').slice(-DIGEST_LINES).join('\n');

const packages = workspacePackages();
const pkgDir = (dir) => path.join(root, dir);

/** Runs tasks two at a time; throws once all ended if any failed. */
async function inPairs(items, task) {
  const queue = [...items];
  const failures = [];
  const reports = [];
  const worker = async () => {
    for (let item = queue.shift(); item; item = queue.shift()) {
      try {
        await task(item);
      } catch (error) {
        failures.push(item.name ?? item);
        reports.push(`[${item.name ?? item}]\n${error.output ?? ''}${error.message}\n`);
      }
    }
  };
  await Promise.all([worker(), worker()]);
  if (failures.length) {
    throw Object.assign(new Error(`failed: ${failures.join(', ')}`), { output: reports.join('\n') });
  }
}

const typecheckStep = async () => {
  const groups = typecheckGroups(packages).map((group) => ({ ...group, name: group.dirs.join(', ') }));
  const configDir = path.join(root, 'node_modules', '.cache', 'typecheck');
  mkdirSync(configDir, { recursive: true });
  await inPairs(groups, async (group) => {
    if (!group.config) {
      const [dir] = group.dirs;
      return runScript(pkgDir(dir), packages.find((pkg) => pkg.dir === dir).scripts.typecheck);
    }
    // Beside the root's node_modules, so `types: ["node"]` resolves as it does from each package.
    const config = path.join(configDir, `group-${groups.indexOf(group)}.json`);
    writeFileSync(config, JSON.stringify(group.config, null, 2));
    // Incremental: a second run on unchanged sources (the inner loop's) checks only what changed.
    return runAsync(rootBin('tsc'), [
      '-p',
      config,
      '--incremental',
      '--tsBuildInfoFile',
      `${config}.tsbuildinfo`,
    ]);
  });
  const checked = groups.reduce((sum, group) => sum + group.dirs.length, 0);
  return { ran: `${checked} packages in ${groups.length} programs` };
};

const lintStep = async () => {
  const output = await runAsync(rootBin('biome'), ['ci', '--colors=off', '--error-on-warnings', '.']);
  process.stdout.write(output);
  const files = output.match(/Checked (\d+) files?/)?.[1];
  return { ran: files ? `${files} files` : '' };
};

const vitestCounts = ({ counts }) => ({
  ran: `${counts.files} files, ${counts.tests} tests`,
  slowest: counts.slowest,
});

const unitStep = async () => {
  const dirs = unitTestedPackages(packages).map((pkg) => pkgDir(pkg.dir));
  const besideBrowser = !quick && !journeysEnded;
  // Niced beside the journeys, a screen test of 2 s alone has taken 15 s (its limit): the limits
  // grow there, to end a test that hangs, never to let a wrong one pass.
  const env = besideBrowser
    ? { UNIT_TEST_TIMEOUT_MS: String(STARVED_TIMEOUT_MS), UNIT_WAIT_MS: '20000' }
    : {};
  const result = await runVitest(root, `${besideBrowser ? 'nice -n 5 ' : ''}${rootBin('vitest')} run`, dirs, {
    env,
  });
  process.stdout.write(result.output);
  return vitestCounts(result);
};

/**
 * The API suite on one database. Beside the browser journeys it runs at a lower priority (`nice`):
 * the journeys leave part of a core idle while they wait on pages, and the suite fills it; once
 * they end, its two workers take both cores. (With the full Chromium, which left less idle, two
 * niced workers slowed the journeys by 30 s, and the suite ran in one.) The
 * files that start servers of their own and kill them (`API_SLOW_FILES`), and the WebRTC one, are
 * left for `apiServersStep` (`API_AFTER_JOURNEYS`), after the journeys: starved beside them, one
 * went past its minute. A pass that starts once the
 * journeys have ended (CI's PostgreSQL pass) runs every file and takes every core.
 */
const apiStep = (databaseUrl) => async () => {
  const besideBrowser = !quick && !journeysEnded;
  // npm test's PGlite pass leaves API_AFTER_JOURNEYS to apiServersStep even when it starts after
  // the journeys (it ran them twice once); a pass on a PostgreSQL server runs every file.
  const leftOut = quick ? API_SLOW_FILES : besideBrowser || !databaseUrl ? API_AFTER_JOURNEYS : [];
  const excluded = leftOut.map((file) => ` --exclude ${file}`).join('');
  // Niced, the suite gets what the journeys and the unit tests leave, and a test that takes 5 s
  // alone has taken 31 s in CI (listing-counts.test.ts). No assertion waits on these limits; they
  // only end a test that hangs, so the starved pass gets more time to show a failure, not a pass.
  const limits = besideBrowser
    ? ` --testTimeout=${STARVED_TIMEOUT_MS} --hookTimeout=${STARVED_TIMEOUT_MS}`
    : '';
  return runApi(databaseUrl, `${besideBrowser ? 'nice -n 10 ' : ''}${apiScript()}${excluded}${limits}`, {
    // The files left out here run in apiServersStep (npm test) or not at all (the quick tier).
    expects: (file) => !leftOut.includes(file),
  });
};

/** The API files left out beside the journeys, on PGlite, once the journeys have ended. */
const apiServersStep = async () =>
  runApi('', `${apiScript()} ${API_AFTER_JOURNEYS.join(' ')}`, {
    expects: (file) => API_AFTER_JOURNEYS.includes(file),
  });

const apiScript = () => packages.find((pkg) => pkg.dir === 'api').scripts.test;

async function runApi(databaseUrl, command, { expects }) {
  const apiDir = pkgDir('api');
  const env = {
    DATABASE_URL: databaseUrl,
    // The files that start servers run the bundle the build step has made, as deployed, instead
    // of compiling the sources again for each start (testing/server-process.ts).
    API_SERVER_BUNDLE: quick ? '' : path.join(apiDir, 'dist', 'server.js'),
  };
  const result = await runVitest(apiDir, command, [apiDir], { env, expects });
  process.stdout.write(result.output);
  return vitestCounts(result);
}

// The reconcile command on books the app wrote itself: a fresh PGlite folder where a script makes
// top-ups through the app (paid, part-paid, failed, expired, a bonus, a replayed and a forged
// webhook), then `pnpm --filter api reconcile` checks them as it would a live database.
const reconcileStep = async () => {
  const apiDir = pkgDir('api');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'reconcile-'));
  const env = { DATA_DIR: path.join(dir, 'pglite') };
  try {
    process.stdout.write(await runScript(apiDir, 'tsx src/modules/payments/demo-top-ups.ts', { env }));
    const reconcile = packages.find((pkg) => pkg.dir === 'api').scripts.reconcile;
    process.stdout.write(await runScript(apiDir, reconcile, { env }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return { ran: 'top-ups and their reconciliation' };
};

/** Every front end (unless the stamp says its sources did not change) and the API's production bundle. */
const buildStep = async () => {
  // The journeys read the built files, never their compressed size: brotli at 5, not 11
  // (scripts/build.mjs; a build already compressed at 11 is current for this one too).
  process.env.BUILD_BROTLI_QUALITY ??= '5';
  const fresh = buildIsCurrent();
  if (fresh) log('front-end builds are up to date');
  else await buildAll();
  await buildApi();
  return { ran: fresh ? 'the API (front ends up to date)' : 'front ends and the API' };
};

/** Set when the journeys end, so a step that starts after them need not make room for them. */
let journeysEnded = false;

const e2eStep = async () => {
  try {
    return await runJourneys();
  } finally {
    journeysEnded = true;
  }
};

const runJourneys = async () => {
  const reportDir = mkdtempSync(path.join(os.tmpdir(), 'e2e-report-'));
  const report = path.join(reportDir, 'report.json');
  try {
    let output = '';
    let failure;
    try {
      output = await runAsync(bin('e2e', 'playwright'), ['test', '--reporter=list,json'], {
        cwd: pkgDir('e2e'),
        env: { PLAYWRIGHT_JSON_OUTPUT_FILE: report },
      });
    } catch (error) {
      failure = error;
      output = error.output ?? '';
    }
    process.stdout.write(output);
    const counts = playwrightCounts(report);
    // The journeys that failed, each with the start of its error: the list output above is long,
    // and a log cut to its tail should still name them.
    if (failure) throw Object.assign(failure, { output: counts.failures ?? '', counts });
    return counts;
  } finally {
    rmSync(reportDir, { recursive: true, force: true });
  }
};

/** Journeys that ran (files and tests) and the slowest, from Playwright's JSON report. */
function playwrightCounts(report) {
  let parsed;
  try {
    parsed = JSON.parse(readFileSync(report, 'utf8'));
  } catch {
    return { ran: 'no report' };
  }
  const tests = [];
  const failures = [];
  const walk = (suite, file) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const seconds = (test.results ?? []).reduce((sum, result) => sum + (result.duration ?? 0), 0) / 1000;
        tests.push({ name: `${file} › ${spec.title}`, seconds, status: test.status });
        if (test.status === 'unexpected' || test.status === 'flaky') {
          const error = (test.results ?? []).flatMap((result) => result.errors ?? [])[0];
          const message = stripVTControlCharacters(error?.message ?? '')
            .split('\n')
            .slice(0, 8);
          failures.push(
            [`${test.status === 'flaky' ? 'flaky' : 'failed'}: ${file} › ${spec.title}`, ...message].join(
              '\n    ',
            ),
          );
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child, file);
  };
  for (const suite of parsed.suites ?? []) walk(suite, suite.file ?? suite.title);
  const ran = tests.filter((test) => test.status !== 'skipped').length;
  const files = new Set((parsed.suites ?? []).map((suite) => suite.file ?? suite.title)).size;
  return {
    ran: `${files} files, ${ran} tests`,
    slowest: tests.sort((a, b) => b.seconds - a.seconds).slice(0, 20),
    failures: failures.length ? `${failures.join('\n')}\n` : undefined,
  };
}

/**
 * The steps and what each waits for. On two cores: the type check, the lint and the build first,
 * side by side; then the browser journeys, the longest step, with the unit tests beside them at a
 * lower priority and the API suite after those at a lower one still, and the reconcile check;
 * then the API files that start and kill servers (and the embedded SFU's), and the PostgreSQL
 * pass (when TEST_DATABASE_URL names a server; CI starts one) with every core. In the quick tier
 * the unit tests and the API suite both start after the lint, side by side: each fills the
 * other's idle ends (one after the other: 190 s; side by side: 169 s).
 * @type {Array<{ name: string, after: string[], run: () => Promise<{ ran?: string, slowest?: unknown[] } | undefined> }>}
 */
const steps = [
  { name: 'typecheck', after: [], run: typecheckStep },
  { name: 'lint', after: [], run: lintStep },
  // The type check is one core's work: the unit tests take the other once the build is done with
  // it (beside the journeys, niced, in npm test).
  { name: 'unit', after: quick ? ['lint'] : ['build'], run: unitStep },
  { name: 'api (PGlite)', after: quick ? ['lint'] : ['unit'], run: apiStep('') },
];
if (!quick) {
  steps.push({ name: 'build', after: [], run: buildStep });
  steps.push({ name: 'e2e', after: ['build'], run: e2eStep });
  // Once the journeys end: the API suite's niced worker may still be running, and yields to it.
  steps.push({ name: 'api (servers)', after: ['e2e'], run: apiServersStep });
  if (process.env.TEST_DATABASE_URL) {
    steps.push({
      name: 'api (PostgreSQL)',
      after: ['api (servers)'],
      run: apiStep(process.env.TEST_DATABASE_URL),
    });
  }
  // A few seconds of one core: beside the journeys, not at the end of the run.
  steps.push({ name: 'reconcile', after: ['unit'], run: reconcileStep });
}

const started = Date.now();
/** @type {Array<{ name: string, ok: boolean, ms: number, ran?: string, slowest?: Array<{name: string, seconds: number}> }>} */
const results = [];
/** @type {Array<[string, string]>} */
const digests = [];

async function runStep(name, step) {
  const stepStart = Date.now();
  log(`${name}…`);
  try {
    const outcome = (await step()) ?? {};
    results.push({ name, ok: true, ms: Date.now() - stepStart, ...outcome });
    log(`${name} passed in ${seconds(Date.now() - stepStart)}`);
    return true;
  } catch (error) {
    if (error.output) process.stdout.write(error.output);
    console.error(`✗ ${name}: ${error.message}`);
    digests.push([name, tailOf(`${error.output ?? ''}${error.message}`)]);
    results.push({ name, ok: false, ms: Date.now() - stepStart, ...(error.counts ?? {}) });
    return false;
  }
}

/** Runs every step once the steps it waits for have ended (passed or not: one report shows everything). */
async function runAll() {
  const ended = new Map();
  const end = (name) => {
    if (!ended.has(name)) {
      const step = steps.find((candidate) => candidate.name === name);
      ended.set(
        name,
        Promise.all(step.after.map(end)).then(() => runStep(step.name, step.run)),
      );
    }
    return ended.get(name);
  };
  await Promise.all(steps.map((step) => end(step.name)));
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)}s`;

try {
  installDependencies();
  results.push({ name: 'install', ok: true, ms: Date.now() - started });
} catch (error) {
  console.error(error.message);
  results.push({ name: 'install', ok: false, ms: Date.now() - started });
}

if (results[0]?.ok) {
  // Only packages that have Vitest suites are run; a sanity check that the API is one of them.
  if (!vitestPackages(packages).some((pkg) => pkg.dir === 'api'))
    throw new Error('the API has no Vitest suite');
  await runAll();
}

for (const result of results) {
  if (!result.slowest?.length) continue;
  console.log(`\nSlowest in ${result.name}:`);
  for (const { name, seconds: s } of result.slowest) console.log(`  ${s.toFixed(1).padStart(6)}s  ${name}`);
}
for (const [name, digest] of digests) console.log(`\n✗ ${name}, the end of its output:\n${digest}`);
console.log('\nResults:');
const order = ['install', ...steps.map((step) => step.name)];
results.sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name));
for (const { name, ok, ms, ran } of results) {
  console.log(`  ${ok ? '✓' : '✗'} ${name.padEnd(18)} ${seconds(ms).padStart(7)}  ${ran ?? ''}`);
}
const failed = results.filter((result) => !result.ok).map((result) => result.name);
console.log(
  failed.length
    ? `SUMMARY: FAILED ${failed.length} of ${results.length} steps (${failed.join(', ')}) in ${seconds(Date.now() - started)}`
    : `SUMMARY: all ${results.length} steps passed in ${seconds(Date.now() - started)}`,
);
process.exit(failed.length ? 1 : 0);

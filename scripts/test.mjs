// `npm test`: installs, then runs every check in order and ends with one summary line.
// Exits non-zero when any step fails; later steps still run so one report shows everything.
// Which packages are typechecked and unit-tested comes from their own package.json scripts
// (scripts/workspace.mjs), not from a list kept here.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildAll } from './build.mjs';
import { installDependencies, log, root, runAsync } from './lib.mjs';
import {
  runScript,
  runUnitTests,
  typecheckedPackages,
  vitestPackages,
  workspacePackages,
} from './workspace.mjs';

const bin = (pkg, name) => path.join(root, pkg, 'node_modules', '.bin', name);
const rootBin = (name) => path.join(root, 'node_modules', '.bin', name);

/** Packages whose Vitest suite has steps of its own below: the API's, once per database. */
const OWN_STEPS = new Set(['api']);

async function inPairs(items, task) {
  const queue = [...items];
  const failures = [];
  const reports = [];
  const worker = async () => {
    for (let item = queue.shift(); item; item = queue.shift()) {
      try {
        await task(item);
      } catch (error) {
        failures.push(item);
        const report = `${error.output ?? ''}${error.message}\n`;
        reports.push(`[${item}]\n${report}`);
        process.stdout.write(report);
      }
    }
  };
  await Promise.all([worker(), worker()]);
  if (failures.length) {
    throw Object.assign(new Error(`failed: ${failures.join(', ')}`), {
      digest: reports.map(tailOf).join('\n'),
    });
  }
}

/** The last lines of a failed step's output, repeated above the summary: a log cut to its tail still shows why. */
const DIGEST_LINES = 60;
const tailOf = (text) => text.split('\n').slice(-DIGEST_LINES).join('\n');

const streamed = (command, args, options = {}) =>
  runAsync(command, args, options).then(
    (output) => process.stdout.write(output),
    (error) => {
      throw error;
    },
  );

const packages = workspacePackages();
const typechecked = typecheckedPackages(packages).map((pkg) => pkg.dir);
const unitTested = vitestPackages(packages)
  .map((pkg) => pkg.dir)
  .filter((dir) => !OWN_STEPS.has(dir));

const apiTests = (databaseUrl) => () =>
  runUnitTests(path.join(root, 'api'), { env: { DATABASE_URL: databaseUrl } }).then((output) =>
    process.stdout.write(output),
  );

/** @type {Array<[string, () => Promise<unknown>]>} */
const steps = [
  [
    `typecheck (${typechecked.join(', ')})`,
    () =>
      inPairs(typechecked, (dir) =>
        runScript(path.join(root, dir), packages.find((pkg) => pkg.dir === dir).scripts.typecheck),
      ),
  ],
  ['lint', () => streamed(rootBin('biome'), ['ci', '--colors=off', '--error-on-warnings', '.'])],
  [
    `unit (${unitTested.join(', ')})`,
    () =>
      inPairs(unitTested, (dir) =>
        runUnitTests(path.join(root, dir)).then((output) => process.stdout.write(output)),
      ),
  ],
  ['api (PGlite)', apiTests('')],
];
if (process.env.TEST_DATABASE_URL) {
  steps.push(['api (PostgreSQL)', apiTests(process.env.TEST_DATABASE_URL)]);
}
// The reconcile command on books the app wrote itself: a fresh PGlite folder where a script makes
// top-ups through the app (paid, part-paid, failed, expired, a bonus, a replayed and a forged
// webhook), then `pnpm --filter api reconcile` checks them as it would a live database.
const reconcileStep = async () => {
  const apiDir = path.join(root, 'api');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'reconcile-'));
  const env = { DATA_DIR: path.join(dir, 'pglite') };
  try {
    process.stdout.write(await runScript(apiDir, 'tsx src/modules/payments/demo-top-ups.ts', { env }));
    const reconcile = packages.find((pkg) => pkg.dir === 'api').scripts.reconcile;
    process.stdout.write(await runScript(apiDir, reconcile, { env }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};
steps.push(['reconcile (top-ups made through the app)', reconcileStep]);
steps.push(['build', () => buildAll()]);
steps.push(['e2e', () => streamed(bin('e2e', 'playwright'), ['test'], { cwd: path.join(root, 'e2e') })]);

const started = Date.now();
/** @type {Array<[string, boolean, number]>} */
const results = [];
/** @type {Array<[string, string]>} */
const digests = [];
try {
  installDependencies();
  results.push(['install', true, Date.now() - started]);
} catch (error) {
  console.error(error.message);
  results.push(['install', false, Date.now() - started]);
}

if (results[0]?.[1]) {
  for (const [name, step] of steps) {
    const stepStart = Date.now();
    log(`${name}…`);
    try {
      await step();
      results.push([name.replace(/ \(.*/, ''), true, Date.now() - stepStart]);
    } catch (error) {
      if (error.output) process.stdout.write(error.output);
      console.error(`✗ ${name}: ${error.message}`);
      digests.push([name, error.digest ?? tailOf(`${error.output ?? ''}${error.message}`)]);
      results.push([name.replace(/ \(.*/, ''), false, Date.now() - stepStart]);
    }
  }
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)}s`;
for (const [name, digest] of digests) console.log(`\n✗ ${name}, the end of its output:\n${digest}`);
console.log('\nResults:');
for (const [name, ok, ms] of results) console.log(`  ${ok ? '✓' : '✗'} ${name.padEnd(18)} ${seconds(ms)}`);
const failed = results.filter(([, ok]) => !ok).map(([name]) => name);
console.log(
  failed.length
    ? `SUMMARY: FAILED ${failed.length} of ${results.length} steps (${failed.join(', ')}) in ${seconds(Date.now() - started)}`
    : `SUMMARY: all ${results.length} steps passed in ${seconds(Date.now() - started)}`,
);
process.exit(failed.length ? 1 : 0);

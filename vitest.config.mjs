// The unit tests of every package but the API, in one Vitest process: each package is a project
// with its own config (its environment, setup files and includes), so a test runs as it does under
// the package's own `vitest run`, without twelve cold starts. The API's suite has steps of its own
// in `npm test` (once per database). Which packages: those whose `test` script runs Vitest.
//
// Module graphs: a worker runs its files one after another in one module graph (`isolate: false`),
// instead of loading React, the DOM and each package's modules again for every file (measured on
// the 129 files: 300 -> 181 CPU s, 166 -> 113 s). Each file still gets a fresh DOM, Testing
// Library's cleanup and its own stubbed API. A file that replaces modules (`vi.mock`) runs in a
// module graph of its own, in the package's second project: its stand-ins (a toast, a chart
// library, a notifier) must neither reach nor meet another file's copy of the same module.
// A package's own `vitest run` keeps Vitest's default, a fresh graph for every file.
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';
import { testFilesIn, unitTestedPackages } from './scripts/workspace.mjs';

const root = import.meta.dirname;
const REPLACES_MODULES = /\bvi\.mock\(/;

/** The package's own config to extend, or Vitest's defaults (`extends: false`) where it has none. */
function configFileOf(dir) {
  const name = readdirSync(path.join(root, dir)).find((file) => /^vitest\.config\.(m?js|ts)$/.test(file));
  return name ? path.join(root, dir, name) : false;
}

const projects = unitTestedPackages().flatMap((pkg) => {
  const config = configFileOf(pkg.dir);
  const dir = path.join(root, pkg.dir);
  const ownGraph = testFilesIn(dir).filter((file) =>
    REPLACES_MODULES.test(readFileSync(path.join(dir, file), 'utf8')),
  );
  const shared = {
    extends: config,
    test: { name: pkg.dir, root: dir, isolate: false, exclude: [...configDefaults.exclude, ...ownGraph] },
  };
  if (ownGraph.length === 0) return [shared];
  return [
    shared,
    { extends: config, test: { name: `${pkg.dir} (vi.mock)`, root: dir, isolate: true, include: ownGraph } },
  ];
});

export default defineConfig({
  test: {
    projects,
    // Vitest's default leaves a core idle (one worker on a 2-core machine).
    maxWorkers: availableParallelism(),
    // Worker threads start faster than the default child processes.
    pool: 'threads',
  },
});

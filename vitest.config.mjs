// The unit tests of every package but the API, in one Vitest process. Each package's config (its
// environment, setup files and includes) applies to its files, so a test runs as it does under the
// package's own `vitest run`; packages with the same config (the eight front ends) are one project.
// The API's suite has steps of its own in `npm test` (once per database). Which packages: those
// whose `test` script runs Vitest.
//
// Module graphs: a worker runs its files one after another in one module graph (`isolate: false`),
// instead of loading React, the DOM and each package's modules again for every file (measured on
// the 129 files: 300 -> 181 CPU s, 166 -> 113 s). Each file still gets a fresh DOM, Testing
// Library's cleanup, an empty page store and its own stubbed API (tools/vitest/setup.mjs). A file
// that replaces modules (`vi.mock`) runs in a module graph of its own, in its project's second
// part: its stand-ins (a toast, a chart library, a notifier) must neither reach nor meet another
// file's copy of the same module. A package's own `vitest run` keeps Vitest's default, a fresh
// graph for every file.
//
// On the 177 files, a project per package in child processes: 131 s, 230 CPU s; in threads: 119 s,
// 205 CPU s; the front ends as one project: 106 s, 178 CPU s.
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

/**
 * Packages whose config files say the same (the front ends' one line, `frontEndConfig`) run as one
 * project: their files share a worker's module graph, where a project of their own each started
 * workers of its own that loaded React, the DOM and the platform again (8 front-end packages).
 */
function groupsBySameConfig() {
  const groups = new Map();
  for (const pkg of unitTestedPackages()) {
    const config = configFileOf(pkg.dir);
    const key = config ? readFileSync(config, 'utf8') : `none:${pkg.dir}`;
    const group = groups.get(key) ?? { config, dirs: [] };
    group.dirs.push(pkg.dir);
    groups.set(key, group);
  }
  return [...groups.values()];
}

const projects = groupsBySameConfig().flatMap(({ config, dirs }) => {
  // One package: its own root, as under its own `vitest run`. Several: the repository's, with each
  // package's files by path.
  const dir = dirs.length === 1 ? path.join(root, dirs[0]) : root;
  const prefix = (pkgDir) => (dirs.length === 1 ? '' : `${pkgDir}/`);
  const files = dirs.flatMap((pkgDir) =>
    testFilesIn(path.join(root, pkgDir)).map((file) => prefix(pkgDir) + file),
  );
  const ownGraph = files.filter((file) => REPLACES_MODULES.test(readFileSync(path.join(dir, file), 'utf8')));
  const name = dirs.length === 1 ? dirs[0] : 'front ends';
  // Threads start faster than Vitest's default child processes (a project's `pool` is its own).
  const shared = {
    extends: config,
    test: {
      name,
      root: dir,
      pool: 'threads',
      isolate: false,
      ...(dirs.length === 1
        ? {}
        : { include: dirs.map((pkgDir) => `${pkgDir}/${configDefaults.include[0]}`) }),
      exclude: [...configDefaults.exclude, ...ownGraph],
    },
  };
  if (ownGraph.length === 0) return [shared];
  return [
    shared,
    {
      extends: config,
      test: {
        name: `${name} (vi.mock)`,
        root: dir,
        // Child processes, as these files always ran: in threads the stream page's socket tests
        // failed twice in eight runs (a frame sent to the fake socket changed nothing), never in
        // processes; a fresh graph per file costs the same either way.
        pool: 'forks',
        isolate: true,
        include: ownGraph,
        // `extends` adds this include to the package config's own (contracts has one), which would
        // run every file of the package here too: the others are excluded by name.
        exclude: [...configDefaults.exclude, ...files.filter((file) => !ownGraph.includes(file))],
      },
    },
  ];
});

export default defineConfig({
  test: {
    projects,
    // Vitest's default leaves a core idle (one worker on a 2-core machine).
    maxWorkers: availableParallelism(),
  },
});

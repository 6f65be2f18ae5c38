// The unit tests of every package but the API, in one Vitest process: each package is a project
// with its own config (its environment, setup files and includes), so a test runs as it does under
// the package's own `vitest run`, without twelve cold starts. The API's suite has steps of its own
// in `npm test` (once per database). Which packages: those whose `test` script runs Vitest.
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { unitTestedPackages } from './scripts/workspace.mjs';

export default defineConfig({
  test: {
    projects: unitTestedPackages().map((pkg) => pkg.dir),
    // Vitest's default leaves a core idle (one worker on a 2-core machine).
    maxWorkers: availableParallelism(),
    // Worker threads start faster than the default child processes; each file still runs in a
    // fresh module graph and DOM.
    pool: 'threads',
  },
});

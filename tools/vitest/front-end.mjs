// Vitest settings shared by the front-end packages: a DOM, CSS Modules with readable class
// names, and Testing Library's cleanup between tests.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const here = path.dirname(fileURLToPath(import.meta.url));

export const frontEndConfig = defineConfig({
  define: {
    __DEV__: 'true',
    __SERVER__: 'false',
    __RELEASE_SEMVER__: '"0.0.0-test"',
    __RELEASE_FAULT__: '""',
    __webpack_public_path__: '"http://localhost/"',
  },
  test: {
    environment: 'happy-dom',
    // A page no app owns: code that starts loading the current page's data at import (the
    // catalog's prefetch) finds nothing to load, and each test renders the URL it names.
    environmentOptions: { happyDOM: { url: 'http://localhost:3000/test-runner' } },
    setupFiles: [path.join(here, 'setup.mjs')],
    // Vitest's 5 s is shorter than a screen test with several lazy imports takes when npm test
    // runs these beside the browser journeys on two cores; no assertion waits on it. npm test
    // sets more there (UNIT_TEST_TIMEOUT_MS, scripts/test.mjs): a 2 s test once took 15 s there.
    testTimeout: Number(process.env.UNIT_TEST_TIMEOUT_MS) || 15_000,
    css: { include: [/\.module\.css$/], modules: { classNameStrategy: 'non-scoped' } },
  },
});

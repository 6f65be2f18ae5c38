import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // One migrated database that every test file's createTestApp copies.
    globalSetup: ['src/testing/global-setup.ts'],
    // Vitest's default is one worker fewer than the cores (one on a 2-core machine); the files
    // are independent (each has its own database), so every core runs them.
    maxWorkers: availableParallelism(),
    // A worker runs its files one after another in one module graph instead of loading the app's
    // modules again for each file (about a second a file). Every file still builds its own app on
    // its own database (createTestApp); nothing a test asserts is shared between files.
    isolate: false,
    // Generous for tests that take up to 7 s alone. npm test's pass niced beside the browser
    // journeys, where one has taken 31 s, sets 90 s (scripts/test.mjs). No assertion waits on these.
    hookTimeout: 30_000,
    testTimeout: 30_000,
  },
});

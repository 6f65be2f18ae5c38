import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['**/*.test.mjs'],
    environment: 'node',
    // The test-run tests start Vitest itself in a child process: seconds each, and more when npm
    // test runs them beside the browser journeys on two cores. No assertion waits on this.
    testTimeout: 60_000,
  },
});

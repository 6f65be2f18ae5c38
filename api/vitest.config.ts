import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Opening an in-memory PGlite and migrating it takes a few seconds per test file.
    hookTimeout: 30_000,
    testTimeout: 15_000,
  },
});

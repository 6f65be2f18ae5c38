import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
// By path: tools/ is not a dependant of platform, and this must be the module instance the tests
// import as 'platform/testing' (Vite resolves both to the same file).
import { guardNetwork } from '../../platform/src/testing/api-stub.ts';

// Vitest globals are off, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
});

// No test reaches the network: a request no stubApi() answered fails the test that made it.
afterEach(guardNetwork());

import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
// By path: tools/ is not a dependant of platform, and this must be the module instance the tests
// import as 'platform/testing' (Vite resolves both to the same file).
import { guardNetwork } from '../../platform/src/testing/api-stub.ts';

// How long findBy*/waitFor wait for the screen to get there. The default second is shorter than
// the first import of a lazy screen (transformed on demand) takes on a busy two-core runner, where
// a test that passes locally failed the suite; waiting longer changes no assertion.
configure({ asyncUtilTimeout: 5000 });

// Vitest globals are off, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
});

// No test reaches the network: a request no stubApi() answered fails the test that made it.
afterEach(guardNetwork());

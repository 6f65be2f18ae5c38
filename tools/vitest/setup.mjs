import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
// By path: tools/ is not a dependant of platform, and this must be the module instance the tests
// import as 'platform/testing' (Vite resolves both to the same file).
import { guardNetwork } from '../../platform/src/testing/api-stub.ts';

// How long findBy*/waitFor wait for the screen to get there. The default second is shorter than
// the first import of a lazy screen (transformed on demand) takes on a busy two-core runner, where
// a test that passes locally failed the suite; waiting longer changes no assertion.
configure({ asyncUtilTimeout: 5000 });

// No test reaches the network: a request no stubApi() answered fails the test that made it.
const checkNetwork = guardNetwork();

// Vitest globals are off, so Testing Library cannot register its own cleanup. One hook, in this
// order: the screen is unmounted; requests its components had already started (a query whose
// timer fired just before the last assertion) still reach the test's stubs; then the check runs
// and forgets the routes. Checked first, such a late request met no routes and failed a test.
afterEach(async () => {
  cleanup();
  await new Promise((resolve) => setTimeout(resolve, 0));
  checkNetwork();
});

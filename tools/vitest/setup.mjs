import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
// By path: tools/ is not a dependant of platform, and these must be the module instances the tests
// import as 'platform' and 'platform/testing' (Vite resolves both to the same files).
import { DEFAULT_LOCALE } from '../../contracts/src/index.ts';
import { i18n } from '../../platform/src/i18n/i18n.ts';
import { englishPlatformMessages } from '../../platform/src/i18n/messages-en.ts';
import { queryClient } from '../../platform/src/query/query-client.ts';
import { freshPageStore } from '../../platform/src/state/store.ts';
import { guardNetwork } from '../../platform/src/testing/api-stub.ts';

// How long findBy*/waitFor wait for the screen to get there. The default second is shorter than
// the first import of a lazy screen (transformed on demand) takes on a busy two-core runner, where
// a test that passes locally failed the suite; waiting longer changes no assertion. npm test
// waits longer still beside the browser journeys (UNIT_WAIT_MS, scripts/test.mjs).
configure({ asyncUtilTimeout: Number(process.env.UNIT_WAIT_MS) || 5000 });

// Screens switch to English in the middle of a test and read its texts at once: the platform's
// English, a chunk of its own in the browser, is there from the start (platform's i18n tests
// check the chunk itself).
i18n.addResourceBundle('en', 'platform', englishPlatformMessages, true, true);

// No test reaches the network: a request no stubApi() answered fails the test that made it.
const checkNetwork = guardNetwork();

// The files of a worker share one module graph (the root vitest.config.mjs), so the platform's
// page-wide singletons outlive a file: each file starts as a page does, in the default language
// (a file that switched to English left it there), with nothing cached and with an empty jotai
// store (a dialog another file opened stays in that file).
beforeAll(async () => {
  queryClient.clear();
  freshPageStore();
  await i18n.changeLanguage(DEFAULT_LOCALE);
});

// Vitest globals are off, so Testing Library cannot register its own cleanup. One hook, in this
// order: the screen is unmounted; requests its components had already started (a query whose
// timer fired just before the last assertion) still reach the test's stubs; then the check runs
// and forgets the routes. Checked first, such a late request met no routes and failed a test.
afterEach(async () => {
  cleanup();
  await new Promise((resolve) => setTimeout(resolve, 0));
  checkNetwork();
});

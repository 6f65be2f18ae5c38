// The suite's `test`: Playwright's, where every page (the fixture's and those a journey opens with
// `context.newPage()`) waits, after each goto or reload of a server-rendered page, until the page
// has hydrated. Such a page shows its content (and its buttons) before its scripts run: they start
// once its photos have loaded (shell/public/boot.js), and a click before then would reach a button
// with no handler yet. Journeys act as a visitor who waits for the page to be ready; the hydration
// journeys in ssr.spec check what happens before, through `gotoWithoutWaiting`.
import { type Browser, test as base, type Page } from '@playwright/test';
import { serverOf } from './servers';

export * from '@playwright/test';

/** Resolves once the page is live, or at once for a page the browser renders itself. */
export async function untilHydrated(page: Page): Promise<void> {
  await page.waitForFunction(
    () => !document.getElementById('page-state') || document.documentElement.dataset.hydrated === 'true',
  );
}

const ownGoto = new WeakMap<Page, Page['goto']>();

/** Makes the page's goto and reload wait for hydration; a page is changed once. */
function waitingForHydration(page: Page): Page {
  if (ownGoto.has(page)) return page;
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  ownGoto.set(page, goto);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    await untilHydrated(page);
    return response;
  };
  page.reload = async (options) => {
    const response = await reload(options);
    await untilHydrated(page);
    return response;
  };
  return page;
}

/** Playwright's own goto: for the journeys about what a visitor meets before hydration. */
export function gotoWithoutWaiting(page: Page, ...args: Parameters<Page['goto']>): ReturnType<Page['goto']> {
  return (ownGoto.get(page) ?? page.goto.bind(page))(...args);
}

const patchedBrowsers = new WeakSet<Browser>();

export const test = base.extend<object, object>({
  // Each worker has a server and database of its own (playwright.config.ts); every page, context
  // and request of a journey goes to its worker's.
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern; it has none.
  baseURL: async ({}, use, testInfo) => {
    await use(`http://localhost:${serverOf(testInfo.parallelIndex).port}`);
  },
  // In a normal run the fixture's page comes through the wrapped newContext below as well; in
  // Playwright's context-reuse mode (`--ui`) it is an existing page, changed here.
  page: async ({ page, javaScriptEnabled }, use) => {
    await use(javaScriptEnabled === false ? page : waitingForHydration(page));
  },
  // Contexts a journey makes itself: their pages wait too, unless scripts are off.
  browser: [
    async ({ browser }, use) => {
      if (!patchedBrowsers.has(browser)) {
        patchedBrowsers.add(browser);
        const newContext = browser.newContext.bind(browser);
        browser.newContext = async (options) => {
          const context = await newContext(options);
          if (options?.javaScriptEnabled !== false) {
            const newPage = context.newPage.bind(context);
            context.newPage = async () => waitingForHydration(await newPage());
          }
          return context;
        };
      }
      await use(browser);
    },
    { scope: 'worker' },
  ],
});

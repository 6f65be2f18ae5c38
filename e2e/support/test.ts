// The suite's `test`: Playwright's, with a page that, after each goto or reload of a
// server-rendered page, waits until the page has hydrated. Such a page shows its content (and
// its buttons) before its scripts run: they start once its photos have loaded (shell/public/boot.js),
// and a click before then would reach a button with no handler yet. Journeys act as a visitor who
// waits for the page to be ready; the hydration journeys in ssr.spec check what happens before.
import { test as base, type Page } from '@playwright/test';

export * from '@playwright/test';

/** Resolves once the page is live, or at once for a page the browser renders itself. */
export async function untilHydrated(page: Page): Promise<void> {
  await page.waitForFunction(
    () => !document.getElementById('page-state') || document.documentElement.dataset.hydrated === 'true',
  );
}

export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) {
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
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
    }
    await use(page);
  },
});

import { FIRST_LOAD_BUDGET_KIB, firstLoadTotal, watchFirstLoad } from '../../tools/first-load.mjs';
import { DEMO } from '../support/accounts';
import { ADMIN } from '../support/admin';
import { signIn } from '../support/session';
import { expect, type Page, test } from '../support/test';

/**
 * The JavaScript a first visit downloads before the page answers, gzip KiB, as `bench/bundle-size`
 * measures it: for `/`, every script fetched before the page is hydrated; for a signed-in area,
 * every script fetched until its first screen shows. The sizes come from the built files, so they
 * only move when the code does: a change that takes a page past its budget
 * (`FIRST_LOAD_BUDGET_KIB`) fails here.
 */
const BUDGET_KIB = FIRST_LOAD_BUDGET_KIB;

/**
 * The scripts `page` fetches on its way to `path` until `ready` matches (measured as the bench
 * measures it: `tools/first-load.mjs`).
 */
async function firstLoad(page: Page, path: string, ready: string) {
  const watch = await watchFirstLoad(page, ready);
  await page.goto(path);
  return firstLoadTotal(await watch.scripts());
}

test.describe('the JavaScript budget of a first visit', () => {
  test('/ stays within its budget until it is live', async ({ page }) => {
    const size = await firstLoad(page, '/', 'html[data-hydrated="true"]');
    test.info().annotations.push({ type: 'gzip KiB', description: `/ ${size.kib}: ${size.scripts}` });
    expect(size.kib, size.scripts).toBeGreaterThan(100);
    expect(size.kib, size.scripts).toBeLessThanOrEqual(BUDGET_KIB['/']);
  });

  test('the model cabinet, the advertiser office and the administration stay within theirs', async ({
    browser,
    baseURL,
  }) => {
    const areas = [
      {
        path: '/profile',
        email: DEMO.model,
        password: DEMO.password,
        ready: '[data-testid^="profile-card-"]',
      },
      {
        path: '/advister',
        email: DEMO.advertiser,
        password: DEMO.password,
        ready: '[data-testid="dashboard-totals"]',
      },
      { path: '/admin', email: ADMIN.email, password: ADMIN.password, ready: 'main h1' },
    ] as const;
    const measured: Record<string, { kib: number; scripts: string }> = {};
    for (const area of areas) {
      const context = await browser.newContext({ baseURL });
      await signIn(context, baseURL ?? '', area.email, area.password);
      measured[area.path] = await firstLoad(await context.newPage(), area.path, area.ready);
      await context.close();
    }
    test.info().annotations.push({ type: 'gzip KiB', description: JSON.stringify(measured) });
    for (const area of areas) {
      const size = measured[area.path];
      expect(size?.kib, `${area.path}: ${size?.scripts}`).toBeGreaterThan(100);
      expect(size?.kib, `${area.path}: ${size?.scripts}`).toBeLessThanOrEqual(BUDGET_KIB[area.path]);
    }
  });
});

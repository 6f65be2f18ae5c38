import { expect, test } from '../support/test';
import { axeViolations } from '../support/axe';
import { showScreen } from '../support/in-app';
import { deviceContext } from '../support/device';

/** Every page a visitor can reach without an account, and what shows it has loaded. */
const PAGES: { path: string; ready: string }[] = [
  { path: '/', ready: '[data-testid="model-card"]' },
  { path: '/category/massage?page=2&online=false', ready: '[data-testid="model-card"]' },
  { path: '/girl/1?tab=contacts', ready: '[role="tabpanel"]:not([hidden])' },
  { path: '/price', ready: 'table, [data-testid="price-cards"], h1' },
  { path: '/nowhere', ready: '[data-testid="not-found"]' },
  { path: '/category/cars', ready: '[data-testid="not-found"]' },
  { path: '/login/girl', ready: 'form' },
  { path: '/register/advister', ready: 'form' },
  { path: '/forgot-password', ready: 'form' },
];

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

for (const language of ['ru', 'en'] as const) {
  for (const viewport of VIEWPORTS) {
    test(`public pages have no axe violations (${language}, ${viewport.name})`, async ({
      browser,
      baseURL,
    }) => {
      test.setTimeout(120_000);
      const context = await deviceContext(browser, baseURL, {
        width: viewport.width,
        height: viewport.height,
        language,
        axe: true,
      });
      const page = await context.newPage();
      const found: Record<string, string[]> = {};
      for (const { path, ready } of PAGES) {
        await showScreen(page, path);
        await page.locator(ready).first().waitFor();
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        // Loading placeholders and entrance animations are over before the page is judged.
        await page.waitForLoadState('networkidle');
        const violations = await axeViolations(page);
        if (violations.length) found[path] = violations;
      }
      await context.close();
      expect(found).toEqual({});
    });
  }
}

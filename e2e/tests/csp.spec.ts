import { expect, type Page, test } from '../support/test';
import { DEMO } from '../support/accounts';
import { signIn } from '../support/session';

/** Records every Content-Security-Policy violation the page reports. */
async function watchViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`);
    });
  });
}

const violations = (page: Page) =>
  page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

test('every public page and every remote run under the Content-Security-Policy without a violation', async ({
  page,
  context,
  baseURL,
}) => {
  await watchViolations(page);
  const found: Record<string, string[]> = {};
  const visit = async (path: string, ready: string) => {
    const response = await page.goto(path);
    expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    await page.locator(ready).first().waitFor();
    await page.waitForLoadState('networkidle');
    const seen = await violations(page);
    if (seen.length) found[path] = seen;
  };
  await visit('/', '[data-testid="model-card"]');
  await visit('/girl/1', '[role="tabpanel"]:not([hidden])');
  await visit('/price', 'h1');
  await visit('/nowhere', '[data-testid="not-found"]');
  await visit('/login/girl', 'form');
  await visit('/register/advister', 'form');
  await visit('/forgot-password', 'form');
  await signIn(context, baseURL ?? '', DEMO.model, DEMO.password);
  await visit('/profile', '[data-remote="modelCabinet"]');
  await context.clearCookies();
  await signIn(context, baseURL ?? '', DEMO.advertiser, DEMO.password);
  await visit('/advister', '[data-remote="advertiserOffice"]');
  expect(found).toEqual({});
});

test('the site cannot be framed by another page', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.headers()['x-frame-options']).toBe('DENY');
  expect(response?.headers()['x-content-type-options']).toBe('nosniff');
});

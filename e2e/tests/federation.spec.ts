import { expect, test } from '../support/test';

test.describe('federation', () => {
  test('a remote whose manifest is 404 stays in its box and Retry recovers', async ({ page }) => {
    await page.route('**/mfe/catalog/mf-manifest.json', (route) =>
      route.fulfill({ status: 404, body: 'missing' }),
    );
    await page.goto('/');

    const fallback = page.getByTestId('remote-fallback');
    await expect(fallback).toBeVisible();
    await expect(fallback).toContainText('Этот раздел сейчас не загрузился');
    // The shell around it still works: header, footer and the language switch.
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await page.getByRole('button', { name: 'en' }).click();
    await expect(fallback).toContainText('This section did not load');
    await expect(page.getByRole('link', { name: 'Prices' }).first()).toBeVisible();

    // Lazily loaded shared code (the toaster, after idle) must not trip over the dead remote.
    await expect(page.getByRole('region', { name: /Notifications/ })).toBeAttached();
    await expect(fallback).toBeVisible();

    await page.unroute('**/mfe/catalog/mf-manifest.json');
    await fallback.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByTestId('model-card').first()).toBeVisible();
  });

  test('a remote whose entry throws shows the fallback while other areas still load', async ({ page }) => {
    await page.route('**/mfe/catalog/remoteEntry.js', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/javascript',
        body: 'throw new Error("broken remote");',
      }),
    );
    await page.goto('/');
    await expect(page.getByTestId('remote-fallback')).toBeVisible();

    // Another remote is unaffected.
    await page.getByRole('banner').getByRole('link', { name: 'Кабинет рекламодателя' }).click();
    await expect(page.locator('[data-remote="auth"]')).toBeVisible();
    await expect(page.getByTestId('remote-fallback')).toHaveCount(0);
  });

  test('react-dom is fetched once across the shell and the catalog', async ({ page }) => {
    const bodies: string[] = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() === 'script') bodies.push(await response.text().catch(() => ''));
    });
    await page.goto('/');
    await expect(page.getByTestId('model-card').first()).toBeVisible();
    await page.getByTestId('model-card').first().getByRole('link').click();
    await expect(page.getByTestId('model-page')).toBeVisible();
    // `__reactContainer$` is written by react-dom's client renderer and by nothing else.
    expect(bodies.filter((body) => body.includes('__reactContainer$'))).toHaveLength(1);
  });

  test('an unknown path shows the 404 page inside the shell', async ({ page }) => {
    await page.goto('/no/such/place');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Вы зашли не туда');
    await page.getByRole('main').getByRole('link', { name: 'Элитные' }).click();
    await expect(page).toHaveURL(/\/category\/elite\?page=1$/);
  });
});

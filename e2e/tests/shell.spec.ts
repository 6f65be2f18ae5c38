import { expect, test } from '../support/test';

test('the header shows the slogan and the language switch changes shell texts and is remembered', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByTestId('site-slogan')).not.toBeEmpty();
  const sloganRu = await page.getByTestId('site-slogan').textContent();
  await expect(page.getByRole('link', { name: 'Прайс' }).first()).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');

  await page.getByRole('button', { name: 'en' }).click();
  await expect(page.getByRole('link', { name: 'Prices' }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Post a profile' }).first()).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByTestId('site-slogan')).not.toHaveText(sloganRu ?? '');

  await page.reload();
  await expect(page.getByRole('link', { name: 'Prices' }).first()).toBeVisible();
});

test('every request a visitor’s first page load makes finishes (the page goes network-idle)', async ({
  page,
}) => {
  const open = new Set<string>();
  page.on('request', (request) => open.add(`${request.method()} ${request.url()}`));
  const done = (request: { method(): string; url(): string }) =>
    open.delete(`${request.method()} ${request.url()}`);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  await page.goto('/');
  await expect(page.getByTestId('model-card').first()).toBeVisible();
  // Includes the profile check that answers 401 and the refresh attempt it sets off.
  await expect.poll(() => [...open], { timeout: 5_000 }).toEqual([]);
});

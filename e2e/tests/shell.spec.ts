import { expect, test } from '@playwright/test';

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

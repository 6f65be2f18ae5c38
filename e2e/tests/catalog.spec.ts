import { expect, test } from '../support/test';

test.describe('catalog through the shell', () => {
  test('the listing shows seeded profiles, each linking to its profile page', async ({ page }) => {
    await page.goto('/');
    const cards = page.getByTestId('model-card');
    await expect(cards.first()).toBeVisible();
    expect(await cards.count()).toBeGreaterThanOrEqual(12);
    await expect(page.getByTestId('listing-total')).toContainText(/\d+/);

    const firstLink = cards.first().getByRole('link');
    const href = await firstLink.getAttribute('href');
    expect(href).toMatch(/^\/girl\/\d+$/);
    const name = (await cards.first().getByRole('heading').textContent())?.split(',')[0]?.trim() ?? '';

    await firstLink.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.getByTestId('model-page').getByRole('heading', { level: 1 })).toContainText(name);
  });

  test('a category tab goes to /category/{category}?page=1 and changes the list', async ({ page }) => {
    await page.goto('/');
    const cards = page.getByTestId('model-card');
    await expect(cards.first()).toBeVisible();
    const before = await cards
      .getByRole('link')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));

    await page.getByTestId('category-nav').getByRole('link', { name: 'Массаж' }).click();
    await expect(page).toHaveURL(/\/category\/massage\?page=1$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Массаж');
    await expect
      .poll(async () =>
        cards.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href'))),
      )
      .not.toEqual(before);
  });

  test('pagination links move through pages with a stable order', async ({ page }) => {
    await page.goto('/category/individual?page=1');
    const links = page.getByTestId('model-card').getByRole('link');
    await expect(links.first()).toBeVisible();
    const first = await links.evaluateAll((all) => all.map((a) => a.getAttribute('href')));

    await page.getByRole('link', { name: /страница 2/i }).click();
    await expect(page).toHaveURL(/\/category\/individual\?page=2$/);
    await expect
      .poll(async () => links.evaluateAll((all) => all.map((a) => a.getAttribute('href'))))
      .not.toEqual(first);
    const second = await links.evaluateAll((all) => all.map((a) => a.getAttribute('href')));
    expect(second.filter((href) => first.includes(href))).toEqual([]);

    // On along the "next" link, as a reader or a crawler walks: page 3 is read from where page 2
    // ended (README, "Deep pages") and repeats no card of the pages before it.
    await page.locator('nav a[rel="next"]').click();
    await expect(page).toHaveURL(/\/category\/individual\?page=3$/);
    await expect
      .poll(async () => links.evaluateAll((all) => all.map((a) => a.getAttribute('href'))))
      .not.toEqual(second);
    const third = await links.evaluateAll((all) => all.map((a) => a.getAttribute('href')));
    expect(third.length).toBeGreaterThan(0);
    expect(third.filter((href) => first.includes(href) || second.includes(href))).toEqual([]);
  });

  test('a missing profile says so (missing-profile.spec.ts has the rest)', async ({ page }) => {
    await page.goto('/girl/999999');
    await expect(page.getByTestId('model-not-found').getByRole('heading', { level: 1 })).toHaveText(
      'Анкета не найдена',
    );
  });
});

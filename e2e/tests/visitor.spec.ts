import { expect, type Page, test } from '../support/test';
import { DEMO } from '../support/accounts';
import { onlineModels, signIn } from '../support/session';

/** The first page's cards are there and the page has settled. */
async function listingShown(page: Page) {
  await expect(page.getByTestId('model-card').first()).toBeVisible();
}

test.describe('scrolling', () => {
  test('the pager at the bottom opens the next page at its top, and Back returns to where the reader was', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 700 });
    await page.goto('/category/individual?page=1');
    await listingShown(page);
    const pager = page.getByRole('link', { name: 'Страница 2' });
    await pager.scrollIntoViewIfNeeded();
    const before = await page.evaluate(() => window.scrollY);
    expect(before).toBeGreaterThan(200);

    await pager.click();
    await expect(page).toHaveURL(/page=2/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

    await page.goBack();
    await expect(page).toHaveURL(/page=1/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before - 50);
  });

  test('a profile opened from the bottom of the listing starts at its top', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 700 });
    await page.goto('/category/individual?page=1');
    await listingShown(page);
    const last = page.getByTestId('model-card').last();
    await last.scrollIntoViewIfNeeded();
    await last.getByRole('link').first().click();
    await expect(page).toHaveURL(/\/girl\/\d+/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test('while the next page loads, the cards shown are dimmed and the list is marked busy', async ({
  page,
}) => {
  await page.goto('/category/individual?page=1');
  await listingShown(page);
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/model?*page=2*', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('link', { name: 'Страница 2' }).click();
  const results = page.getByTestId('listing-results');
  await expect(results).toHaveAttribute('aria-busy', 'true');
  await expect(page.getByTestId('model-list')).toHaveCSS('opacity', '0.45');
  release();
  await expect(results).toHaveAttribute('aria-busy', 'false');
  await expect(page.getByTestId('model-list')).toHaveCSS('opacity', '1');
});

test.describe('not found inside the catalogue', () => {
  // A well-formed profile id that shows no profile has a page of its own (missing-profile.spec.ts).
  for (const path of ['/category/cars', '/girl/0', '/girl/not-a-number']) {
    test(`${path} shows the site's full 404 page`, async ({ page }) => {
      await page.goto(path);
      const notFound = page.getByTestId('not-found');
      await expect(notFound.getByRole('heading', { level: 1 })).toHaveText('Вы зашли не туда');
      await expect(notFound.getByRole('link', { name: 'БДСМ' })).toBeVisible();
    });
  }
});

test.describe('switching accounts', () => {
  test("a model is asked before the footer's and the 404 page's advertiser office links switch accounts", async ({
    page,
    context,
    baseURL,
  }) => {
    await signIn(context, baseURL ?? '', DEMO.model, DEMO.password);
    await page.goto('/price');
    // The footer names the account areas as the header does for a signed-in account.
    await expect(
      page.getByRole('contentinfo').getByRole('link', { name: 'Профиль', exact: true }),
    ).toBeVisible();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Профиль рекламодателя' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Вы вошли как модель');
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/\/price$/);

    await page.goto('/nowhere');
    await page.getByTestId('not-found').getByRole('link', { name: 'Кабинет рекламодателя' }).click();
    await expect(page.getByRole('dialog')).toContainText('Вы вошли как модель');
    await page.getByRole('dialog').getByRole('button', { name: 'Выйти и сменить' }).click();
    await expect(page).toHaveURL(/\/login\/advister$/);
  });

  test('signing in on the advertiser tab with a model account says where she is going', async ({ page }) => {
    await page.goto('/login/advister');
    await page.getByLabel('E-mail').fill(DEMO.model);
    await page.getByLabel('Пароль', { exact: true }).fill(DEMO.password);
    await page.getByRole('button', { name: 'Войти' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByText('Это аккаунт модели: открываем кабинет модели.')).toBeVisible();
  });

  test('the logout result is shown on the page the logout reloads', async ({ page, context, baseURL }) => {
    await signIn(context, baseURL ?? '', DEMO.model, DEMO.password);
    await page.goto('/');
    await page.getByRole('button', { name: 'Выйти' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Выйти' }).click();
    await expect(page.getByText('Вы вышли из аккаунта')).toBeVisible();
    await page.reload();
    await listingShown(page);
    await page.waitForTimeout(1_000);
    await expect(page.getByText('Вы вышли из аккаунта')).toHaveCount(0);
  });
});

test.describe('online', () => {
  const onlineCount = (page: Page) => onlineModels(page.request);

  test('a model is online while her cabinet is open in a tab, and not after she closes it', async ({
    browser,
    baseURL,
    page,
  }) => {
    const before = await onlineCount(page);
    const model = await browser.newContext({ baseURL });
    await signIn(model, baseURL ?? '', DEMO.model, DEMO.password);
    const cabinet = await model.newPage();
    await cabinet.goto('/profile');
    await expect.poll(() => onlineCount(page), { timeout: 10_000 }).toBe(before + 1);

    // Another page of the site in the same tab is not the cabinet.
    await cabinet.goto('/price');
    await expect.poll(() => onlineCount(page), { timeout: 10_000 }).toBe(before);

    await cabinet.goto('/profile');
    await expect.poll(() => onlineCount(page), { timeout: 10_000 }).toBe(before + 1);
    await model.close();
    await expect.poll(() => onlineCount(page), { timeout: 10_000 }).toBe(before);

    // The header shows the same figure.
    await page.goto('/');
    await expect(page.getByTestId('online-counter')).toContainText(String(before));
  });

  test('the streaming figure counts live streams only', async ({ page }) => {
    const response = await page.request.get('/api/model/streaming-count');
    expect(await response.json()).toEqual({ count: 0 });
  });
});

test('a guest loading a page makes no failing call', async ({ page }) => {
  const failures: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failures.push(`${response.status()} ${response.url()}`);
  });
  await page.goto('/');
  await listingShown(page);
  await page.goto('/girl/1');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForTimeout(500);
  expect(failures).toEqual([]);
});

test("a profile's contacts open the dialler and Telegram", async ({ page }) => {
  await page.goto('/category/individual?page=1');
  await listingShown(page);
  const href = await page.getByTestId('model-card').first().getByRole('link').first().getAttribute('href');
  await page.goto(`${href}?tab=contacts`);
  const links = page.getByRole('tabpanel').getByRole('link');
  await expect(links.first()).toBeVisible();
  const hrefs = await links.evaluateAll((all) => all.map((link) => link.getAttribute('href') ?? ''));
  expect(hrefs.length).toBeGreaterThan(0);
  for (const value of hrefs)
    expect(value).toMatch(/^(tel:\+\d+|https:\/\/t\.me\/\w+|https:\/\/wa\.me\/\d+|viber:)/);
});

test('the slogan is shown at every width, on a row of its own where the header is narrow', async ({
  page,
}) => {
  for (const width of [1280, 900, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/');
    const slogan = page.getByTestId('site-slogan');
    await expect(slogan).toBeVisible();
    await expect(slogan).not.toHaveText('\u00a0');
  }
});

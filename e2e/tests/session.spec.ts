import { expect, test } from '../support/test';
import { DEMO } from '../support/accounts';
import { signIn, watchPresence } from '../support/session';
import { deviceContext, PHONE } from '../support/device';

test.describe('access guard', () => {
  test('sends guests to the login page of the area they asked for', async ({ page }) => {
    await page.goto('/profile/analytics');
    await expect(page).toHaveURL(/\/login\/girl$/);
    await page.goto('/advister/ads');
    await expect(page).toHaveURL(/\/login\/advister$/);
  });

  test('keeps a model out of the advertiser office and out of the sign-in pages', async ({
    page,
    context,
    baseURL,
  }) => {
    await signIn(context, baseURL ?? '', DEMO.model, DEMO.password);
    await page.goto('/advister/create');
    await expect(page).toHaveURL(/\/profile$/);
    await page.goto('/login/girl');
    await expect(page).toHaveURL(/\/profile$/);
  });

  test('keeps an advertiser out of the model cabinet', async ({ page, context, baseURL }) => {
    await signIn(context, baseURL ?? '', DEMO.advertiser, DEMO.password);
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/advister$/);
    await expect(page.getByRole('link', { name: 'Профиль рекламодателя' }).first()).toBeVisible();
  });
});

test.describe('logout', () => {
  test('logging out in one tab signs the other tab out within about a second', async ({
    context,
    baseURL,
  }) => {
    await signIn(context, baseURL ?? '', DEMO.model, DEMO.password);
    const first = await context.newPage();
    const second = await context.newPage();
    await first.goto('/');
    await second.goto('/');
    await expect(second.getByRole('button', { name: 'Выйти' })).toBeVisible();

    await first.getByRole('button', { name: 'Выйти' }).click();
    const dialog = first.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Выйти' }).click();
    await expect(first).toHaveURL(/\/$/);
    await expect(first.getByRole('link', { name: 'Разместить анкету' }).first()).toBeVisible();

    // The other tab notices the flag in localStorage and drops its session view.
    await expect(second.getByRole('link', { name: 'Разместить анкету' }).first()).toBeVisible({
      timeout: 2_500,
    });
    await expect(second.getByRole('button', { name: 'Выйти' })).toHaveCount(0);
    // And the server really ended the session.
    const profile = await context.request.get(`${baseURL}/api/profile`);
    expect(profile.status()).toBe(401);
  });

  test('a model pressing the advertiser office is asked before switching accounts', async ({
    page,
    context,
    baseURL,
  }) => {
    await signIn(context, baseURL ?? '', DEMO.model, DEMO.password);
    await page.goto('/');
    await page.getByRole('banner').getByRole('link', { name: 'Профиль рекламодателя' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Вы вошли как модель');
    await dialog.getByRole('button', { name: 'Выйти и сменить' }).click();
    await expect(page).toHaveURL(/\/login\/advister$/);
  });
});

test.describe('presence', () => {
  test('two tabs open exactly one presence socket and send exactly one visit call', async ({ context }) => {
    const first = await context.newPage();
    const second = await context.newPage();
    const a = watchPresence(first);
    const b = watchPresence(second);
    await Promise.all([first.goto('/'), second.goto('/')]);
    await expect(first.getByTestId('model-card').first()).toBeVisible();
    await expect(second.getByTestId('model-card').first()).toBeVisible();
    await first.waitForTimeout(2_500);
    expect(a.sockets + b.sockets).toBe(1);
    expect(a.visits + b.visits).toBe(1);
  });

  test('the online counter shows online models and filters the listing by them, keeping its city', async ({
    page,
  }) => {
    await page.goto('/category/individual?page=2&city=moscow');
    const counter = page.getByTestId('online-counter');
    await expect(counter).toContainText(/\d+/);
    await counter.click();
    await expect(page).toHaveURL(/\/category\/individual\?page=1&city=moscow&online=true$/);
    const cards = page.getByTestId('model-card');
    await expect(cards.first()).toBeVisible();
    // The previous page's cards stay on screen until the online listing arrives, so wait for it.
    await expect
      .poll(async () => {
        const badges = await cards.evaluateAll((all) =>
          all.map((card) => card.textContent?.includes('Онлайн')),
        );
        return badges.length > 0 && badges.every(Boolean);
      })
      .toBe(true);
  });
});

test.describe('layout', () => {
  test('the 404 page offers the categories, the two sections and a logo back to the listing', async ({
    page,
  }) => {
    await page.goto('/nowhere/at/all');
    const notFound = page.getByTestId('not-found');
    await expect(notFound.getByRole('heading', { level: 1 })).toHaveText('Вы зашли не туда');
    await expect(notFound.getByRole('link', { name: 'Кабинет рекламодателя' })).toHaveAttribute(
      'href',
      '/advister',
    );
    await expect(notFound.getByRole('link', { name: 'Добавить анкету' })).toHaveAttribute('href', '/profile');
    await expect(notFound.getByRole('link', { name: 'На главную' })).toHaveAttribute(
      'href',
      '/?category=individual&page=1',
    );
    await notFound.getByRole('link', { name: 'БДСМ' }).click();
    await expect(page).toHaveURL(/\/category\/bdsm\?page=1$/);
  });

  test('the language switch changes every visible shell text', async ({ page }) => {
    await page.goto('/nowhere');
    const shellTexts = async () =>
      page.evaluate(() =>
        [
          ...document.querySelectorAll(
            'header, footer, [data-testid="category-nav"], [data-testid="not-found"]',
          ),
        ]
          // biome-ignore lint/performance/useDomNodeTextContent: only the visible texts count here
          .map((element) => (element as HTMLElement).innerText)
          .join('\n'),
      );
    await expect(page.getByTestId('site-slogan')).not.toHaveText('\u00a0');
    const russian = await shellTexts();
    await page.getByRole('banner').getByRole('button', { name: 'en' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('You have entered the wrong place');
    const english = await shellTexts();
    // No Cyrillic is left in the shell's own texts once English is chosen.
    expect(russian).toMatch(/[а-я]/i);
    expect(english).not.toMatch(/[а-яё]/i);
  });

  test('on a phone, the burger opens a full-screen menu that navigates and closes', async ({
    browser,
    baseURL,
  }) => {
    const phone = await deviceContext(browser, baseURL, PHONE);
    const page = await phone.newPage();
    await page.goto('/');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Прайс' })).toBeHidden();
    await page.getByTestId('burger').click();
    const menu = page.getByRole('dialog', { name: 'Меню' });
    await expect(menu).toBeVisible();
    const box = await menu.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(389);
    await menu.getByRole('link', { name: 'Элитные' }).click();
    await expect(page).toHaveURL(/\/category\/elite\?page=1$/);
    await expect(menu).toBeHidden();
    await phone.close();
  });
});

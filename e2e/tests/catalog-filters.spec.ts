import { expect, type Page, test } from '../support/test';

const totalOf = async (page: Page) =>
  Number(((await page.getByTestId('listing-total').textContent()) ?? '').replace(/\D/g, ''));

/**
 * The price page's rows, as seeded: for models a month of publication and the three promotions,
 * for advertisers the placements a campaign is made of and the spec's two coming-soon rows.
 */
const PRICE_ROWS = {
  accommodation: [
    'Публикация анкеты на 1 месяц',
    'Топ-размещение в городе на 7 дней',
    'Поднятие анкеты в начало списка города',
    'Загрузка видео на 1 месяц',
  ],
  advertising: [
    'Баннер на главной странице, 1 день',
    'Закрепление в городе, 1 день',
    '1000 показов',
    'Показ на разных страницах',
    'Реклама в стримах',
  ],
};

test.describe('catalog filters, profile, complaints and prices', () => {
  test('a filter narrows the list, lives in the URL and survives a reload', async ({ page }) => {
    await page.goto('/category/individual?page=1');
    await expect(page.getByTestId('model-card').first()).toBeVisible();
    const before = await totalOf(page);

    await page.getByRole('button', { name: /^Фильтры/ }).click();
    const form = page.getByRole('form', { name: 'Фильтры' });
    await form.getByLabel('Возраст до').fill('25');
    await form.getByRole('button', { name: 'Показать анкеты' }).click();

    await expect(page).toHaveURL(/\/category\/individual\?page=1&ageMax=25$/);
    await expect.poll(() => totalOf(page)).toBeLessThan(before);
    const after = await totalOf(page);
    expect(after).toBeGreaterThan(0);
    const ages = await page
      .getByTestId('model-card')
      .getByRole('heading')
      .evaluateAll((headings) =>
        headings.map((h) => Number(/(\d+)\s*(год|лет)/.exec(h.textContent ?? '')?.[1])),
      );
    expect(ages.every((age) => age >= 18 && age <= 25)).toBe(true);

    await page.reload();
    await expect(page).toHaveURL(/ageMax=25/);
    await expect.poll(() => totalOf(page)).toBe(after);
    await page.getByRole('button', { name: /^Фильтры/ }).click();
    await expect(page.getByRole('form', { name: 'Фильтры' }).getByLabel('Возраст до')).toHaveValue('25');

    // Pagination keeps the filter.
    const second = page.getByRole('link', { name: /страница 2/i });
    if ((await second.count()) > 0) await expect(second).toHaveAttribute('href', /ageMax=25/);

    await page.getByRole('link', { name: 'Сбросить фильтры' }).first().click();
    await expect(page).toHaveURL(/\/category\/individual\?page=1$/);
    await expect.poll(() => totalOf(page)).toBe(before);
  });

  test('the city filter narrows the list to that city and offers its metro', async ({ page }) => {
    await page.goto('/category/individual?page=1');
    await page.getByRole('button', { name: /^Фильтры/ }).click();
    const form = page.getByRole('form', { name: 'Фильтры' });
    await form.getByLabel('Город', { exact: true }).selectOption('moscow');
    const metro = form.getByLabel('Метро', { exact: true });
    await expect(metro).toBeVisible();
    await form.getByRole('button', { name: 'Показать анкеты' }).click();
    await expect(page).toHaveURL(/city=moscow/);
    // The previous list stays on screen while the filtered one loads: wait for the new one.
    const cards = page.getByTestId('model-card');
    await expect(cards.first()).toBeVisible();
    await expect
      .poll(async () => (await cards.allTextContents()).every((text) => text.includes('Москва')))
      .toBe(true);
  });

  test('the online counter sets online=true and the list shows only online profiles', async ({ page }) => {
    await page.goto('/category/massage?page=1');
    await expect(page.getByTestId('model-card').first()).toBeVisible();
    await page.getByTestId('online-counter').click();
    await expect(page).toHaveURL(/\/category\/massage\?page=1&online=true$/);
    await expect(page.getByRole('button', { name: 'Фильтры 1' })).toBeVisible();
    // The previous page's cards stay on screen until the online listing arrives, so wait for it.
    const cards = page.getByTestId('model-card');
    await expect
      .poll(async () => {
        const badges = await cards.evaluateAll((all) =>
          all.map((card) => card.textContent?.includes('Онлайн')),
        );
        return badges.every(Boolean);
      })
      .toBe(true);
  });

  test("a profile's tabs show its data, and tabs and back keep the URL in step", async ({ page }) => {
    await page.goto('/category/individual?page=1');
    const first = page.getByTestId('model-card').first().getByRole('link');
    const href = (await first.getAttribute('href')) ?? '';
    await first.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    const profile = page.getByTestId('model-page');
    await expect(profile.getByRole('tab', { name: 'Цена' })).toHaveAttribute('aria-selected', 'true');
    await expect(profile.getByRole('tabpanel')).toContainText('₽');

    await profile.getByRole('tab', { name: 'Данные' }).click();
    await expect(page).toHaveURL(new RegExp(`${href}\\?tab=data$`));
    await expect(profile.getByRole('tabpanel')).toContainText('см');
    await profile.getByRole('tab', { name: 'Контакты' }).click();
    await expect(profile.getByRole('tabpanel')).toContainText(/Телефон|Telegram|WhatsApp|Viber/);
    await profile.getByRole('tab', { name: 'Услуги' }).click();
    await expect(profile.getByRole('tabpanel')).not.toBeEmpty();
    await profile.getByRole('tab', { name: 'Похожие' }).click();
    await expect(profile.getByTestId('recommendations').getByTestId('model-card').first()).toBeVisible();

    await page.reload();
    await expect(page.getByTestId('model-page').getByRole('tab', { name: 'Похожие' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page).toHaveTitle(/анкета/i);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${href}$`));
  });

  test('a complaint is stored: a toast confirms it and a second one is refused', async ({ page }) => {
    await page.goto('/category/elite?page=1');
    await page.getByTestId('model-card').first().getByRole('link').click();
    await page.getByRole('button', { name: 'Пожаловаться на анкету' }).click();
    const dialog = page.getByRole('dialog', { name: 'Жалоба на анкету' });
    await dialog.getByLabel('Контакты не работают').check();
    await dialog.getByLabel('Комментарий (необязательно)').fill('Номер не отвечает');
    await dialog.getByRole('button', { name: 'Отправить жалобу' }).click();
    await expect(page.getByText('Спасибо, жалоба отправлена модераторам.')).toBeVisible();
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: 'Пожаловаться на анкету' }).click();
    await dialog.getByLabel('Контакты не работают').check();
    await dialog.getByRole('button', { name: 'Отправить жалобу' }).click();
    await expect(dialog.getByRole('alert')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Пожаловаться на анкету' })).toBeFocused();
  });

  test('the price page renders both lists as a table on desktop, with exactly what can be bought', async ({
    page,
  }) => {
    await page.goto('/price');
    await expect(page.getByRole('heading', { level: 1, name: 'Цены' })).toBeVisible();
    for (const [id, rows] of Object.entries(PRICE_ROWS)) {
      const section = page.getByTestId(`price-${id}`);
      await expect(section.getByRole('table')).toBeVisible();
      await expect(section.getByRole('table').getByRole('rowheader')).toHaveText(rows);
      await expect(section.getByTestId(`price-${id}-cards`)).toBeHidden();
    }
    const ads = page.getByTestId('price-advertising').getByRole('table');
    // The two rows the spec marks coming soon, and only they, have no price.
    for (const soon of ['Показ на разных страницах', 'Реклама в стримах']) {
      await expect(ads.getByRole('row', { name: soon })).toContainText('Скоро');
    }
    await expect(ads.getByText('Скоро')).toHaveCount(4);
    await expect(page.getByTestId('price-accommodation').getByRole('table')).toContainText('$');
    await expect(page.getByTestId('price-accommodation').getByText('Скоро')).toHaveCount(0);
  });

  test('the price page shows a card list at 390 px', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/price');
    for (const [id, rows] of Object.entries(PRICE_ROWS)) {
      const cards = page.getByTestId(`price-${id}-cards`);
      await expect(cards).toBeVisible();
      await expect(page.getByTestId(`price-${id}`).getByRole('table')).toBeHidden();
      await expect(cards.getByRole('heading', { level: 3 })).toHaveText(rows);
    }
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
  });
});

import { type APIRequestContext, expect, type Page, test } from '../support/test';
import sharp from 'sharp';
import { axeViolations } from '../support/axe';
import { csrfHeader, registerThroughApi, uniqueEmail } from '../support/mail';

// axe is injected as a script, which the site's CSP forbids; the sandbox gateway's page speaks
// the browser's language.
test.use({ bypassCSP: true, locale: 'ru-RU' });

/** A neutral generated gradient banner, never a photo of a person. */
function bannerPng(): Promise<Buffer> {
  const width = 640;
  const height = 320;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const at = (y * width + x) * 3;
      pixels[at] = 110 + Math.round((90 * x) / width);
      pixels[at + 1] = 40 + Math.round((40 * y) / height);
      pixels[at + 2] = 90;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/** Amounts are written with (narrow) no-break spaces: compare them as plain text. */
const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ').trim();

async function registerAdvertiser(page: Page, prefix: string) {
  const email = uniqueEmail(prefix);
  await registerThroughApi(page.context().request, {
    email,
    password: 'office-e2e-password',
    accountType: 'advister',
  });
  return email;
}

async function balanceOf(request: APIRequestContext): Promise<number> {
  return ((await (await request.get('/api/profile')).json()) as { balance: number }).balance;
}

/** The sandbox gateway flow from the office's balance: the result page shows the new balance. */
async function topUp(page: Page, amount: number) {
  await page.getByTestId('office-balance').getByRole('button', { name: 'Пополнить' }).click();
  const dialog = page.getByRole('dialog', { name: 'Пополнение баланса' });
  await dialog.getByLabel('Сумма, ₽').fill(String(amount));
  await dialog.getByRole('button', { name: /Оплатить/ }).click();
  await expect(page).toHaveURL(/\/api\/payments\/sandbox\/[0-9a-f-]+\?token=/);
  await page.getByRole('button', { name: 'Оплатить', exact: true }).click();
  await expect(page).toHaveURL(/\/advister\/payment\/crypto\/success\?order=[0-9a-f-]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Баланс пополнен');
}

test('an advertiser tops up, creates a city campaign through the wizard and pays; it waits for moderation', async ({
  page,
}) => {
  await registerAdvertiser(page, 'office-wizard');
  await page.goto('/advister');
  await expect(page.getByRole('heading', { level: 1, name: 'Мой профиль' })).toBeVisible();
  await expect(page.getByTestId('office-nav-myProfile')).toHaveAttribute('aria-current', 'page');

  await topUp(page, 20_000);
  expect(plain(await page.getByTestId('payment-balance').textContent())).toBe('20 000 ₽');
  await page.getByRole('link', { name: 'Вернуться в кабинет' }).click();
  await expect(page).toHaveURL(/\/advister$/);

  await page.getByTestId('office-nav-create').click();
  await expect(page).toHaveURL(/\/advister\/create$/);
  // The spec's rules show before anything is sent.
  await page.getByRole('button', { name: 'Далее' }).click();
  await expect(page.getByText('Введите заголовок')).toBeVisible();
  const link = page.getByLabel('Ссылка');
  await link.fill('javascript:alert(1)');
  await link.blur();
  await expect(page.getByText('Введите ссылку, начинающуюся с http:// или https://')).toBeVisible();

  await page.getByRole('radio', { name: /Баннер/ }).check();
  await page.getByLabel('Заголовок').fill('Вечер в спа');
  await page.getByLabel('Описание').fill('Два часа тишины у реки.');
  await link.fill('https://example.com/spa');
  await page.getByLabel('Текст кнопки').fill('Записаться');
  await page.getByRole('radio', { name: /В выбранных городах/ }).check();
  await page.getByRole('checkbox', { name: 'Москва' }).check();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Далее' }).click();

  // Saved on the server: the address names the draft, and a reload keeps the step and the texts.
  await expect(page).toHaveURL(/\/advister\/edit\/\d+\?step=confirmation$/);
  await page.reload();
  const preview = page.getByTestId('ad-preview');
  await expect(preview.getByRole('heading', { name: 'Вечер в спа' })).toBeVisible();
  // The banner's image goes through the media pipeline: re-encoded as WebP, shown in the preview.
  await page.getByLabel('Картинка (необязательно)').setInputFiles({
    name: 'banner.png',
    mimeType: 'image/png',
    buffer: await bannerPng(),
  });
  await expect(preview.locator('img')).toHaveAttribute('src', /\.webp$/);
  await expect(preview.getByRole('link', { name: /Записаться/ })).toHaveAttribute(
    'href',
    'https://example.com/spa',
  );
  await page.getByRole('button', { name: 'Всё верно' }).click();

  // The calendar offers the nearest free date; the range runs for the minimum 3 days.
  await expect(page.getByRole('heading', { level: 2, name: 'Календарь' })).toBeVisible();
  await page.getByRole('button', { name: 'Начать с этого дня' }).click();
  const start = await page.locator('[data-selected="true"][data-day]').first().getAttribute('data-day');
  expect(start).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  const end = new Date(Date.parse(`${start}T00:00:00Z`) + 2 * 86_400_000).toISOString().slice(0, 10);
  const endCell = page.locator(`[data-day="${end}"] button`);
  if (!(await endCell.isVisible())) await page.getByRole('button', { name: /следующий месяц|Next/i }).click();
  await page.locator(`[data-day="${end}"] button`).click();
  await expect(page.getByTestId('calendar-choice')).toContainText('3 дня');
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Далее' }).click();

  await expect(page.getByRole('heading', { level: 2, name: 'Показы' })).toBeVisible();
  await expect(page.getByTestId('quote-total')).toContainText('₽');
  await page.getByRole('button', { name: 'Далее' }).click();

  await expect(page.getByRole('heading', { level: 2, name: 'Оплата' })).toBeVisible();
  const total = Number(plain(await page.getByTestId('pay-total').textContent()).replace(/[^\d]/g, ''));
  expect(total).toBeGreaterThan(0);
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: /^Оплатить/ }).click();

  await expect(page.getByTestId('wizard-done')).toBeVisible();
  expect(await balanceOf(page.context().request)).toBe(20_000 - total);
  await expect(page.getByTestId('office-balance')).toContainText(plain(String(20_000 - total)).slice(0, 2));

  await page.getByRole('link', { name: 'К моим объявлениям' }).click();
  await expect(page).toHaveURL(/\/advister\/ads\/moderating$/);
  const card = page.getByTestId('campaign-card');
  await expect(card).toHaveCount(1);
  await expect(card.getByTestId('campaign-status')).toHaveText('На модерации');
  expect(await axeViolations(page)).toEqual([]);
});

test('the ads tabs, repeat and delete after confirmation', async ({ page }) => {
  await registerAdvertiser(page, 'office-list');
  const request = page.context().request;
  const created = await request.post('/api/campaigns', {
    data: { format: 'text', heading: 'Первое объявление', placement: 'main', pricing: 'days' },
    headers: await csrfHeader(request),
  });
  expect(created.ok()).toBe(true);

  await page.goto('/advister/ads');
  await expect(page.getByText('Опубликованных объявлений пока нет')).toBeVisible();
  await page.getByRole('link', { name: 'Сохранённые' }).click();
  await expect(page).toHaveURL(/\/advister\/ads\/saved$/);
  await expect(page.getByRole('link', { name: 'Сохранённые' })).toHaveAttribute('aria-current', 'page');
  const cards = page.getByTestId('campaign-card');
  await expect(cards).toHaveCount(1);

  await page.getByRole('button', { name: 'Повторить «Первое объявление»' }).click();
  await expect(page).toHaveURL(/\/advister\/edit\/\d+$/);
  await expect(page.getByLabel('Заголовок')).toHaveValue('Первое объявление');

  await page.goto('/advister/ads/saved');
  await expect(cards).toHaveCount(2);
  await cards
    .first()
    .getByRole('button', { name: /^Удалить/ })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Удалить объявление?' });
  await expect(dialog).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Удалить', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(cards).toHaveCount(1);
});

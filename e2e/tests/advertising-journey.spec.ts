import { expect, type Page, test } from '../support/test';
import { codeFrom, csrfHeader, uniqueEmail, waitForMail } from '../support/mail';

// The whole trip of an ad, by clicking, across the auth, office, admin and catalogue remotes: an advertiser registers and pays for a city campaign, an administrator approves it,
// a visitor of that city's listing sees it for a second, and the advertiser's dashboard counts
// that impression, once.

/** Headless Chromium says "HeadlessChrome", which the API rightly does not count as a person. */
const PERSON_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const CITY = { slug: 'kazan', name: 'Казань' };
const PASSWORD = 'journey-e2e-password';

test.use({ userAgent: PERSON_UA, locale: 'ru-RU' });

/** The visitor's page reports an impression: resolves with the token of the next report. */
const nextImpression = (page: Page) =>
  page.waitForRequest(
    (request) => request.method() === 'POST' && request.url().endsWith('/api/ads/impressions'),
  );

test('an advertiser runs a city campaign from registration to one counted impression', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);

  // Registration with the code from the mail, as on the auth screens.
  const email = uniqueEmail('journey');
  await page.goto('/register/advister');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Пароль', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Повторите пароль', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Получить код' }).click();
  const code = codeFrom(await waitForMail(request, email, 'registration_code'));
  await page.getByLabel('Код из письма').fill(code);
  await page.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(page).toHaveURL(/\/advister$/);

  // A top-up through the sandbox gateway.
  await page.getByTestId('office-balance').getByRole('button', { name: 'Пополнить' }).click();
  const dialog = page.getByRole('dialog', { name: 'Пополнение баланса' });
  await dialog.getByLabel('Сумма, ₽').fill('20000');
  await dialog.getByRole('button', { name: /Оплатить/ }).click();
  await page.getByRole('button', { name: 'Оплатить', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Баланс пополнен');
  await page.getByRole('link', { name: 'Вернуться в кабинет' }).click();

  // The wizard: the ad, its preview, the nearest free dates, the price, payment.
  await page.getByTestId('office-nav-create').click();
  await page.getByRole('radio', { name: /Текст/ }).check();
  await page.getByLabel('Заголовок').fill('Цветочная мастерская');
  await page.getByLabel('Описание').fill('Свежие букеты с доставкой за час.');
  await page.getByLabel('Ссылка').fill('https://example.com/flowers');
  await page.getByLabel('Текст кнопки').fill('Выбрать букет');
  await page.getByRole('radio', { name: /В выбранных городах/ }).check();
  await page.getByRole('checkbox', { name: CITY.name }).check();
  await page.getByRole('button', { name: 'Далее' }).click();
  await expect(page).toHaveURL(/\/advister\/edit\/\d+\?step=confirmation$/);
  const id = Number(/\/edit\/(\d+)/.exec(page.url())?.[1]);
  await expect(page.getByTestId('ad-preview').getByRole('heading')).toHaveText('Цветочная мастерская');
  await page.getByRole('button', { name: 'Всё верно' }).click();
  await page.getByRole('button', { name: 'Начать с этого дня' }).click();
  const start = await page.locator('[data-selected="true"][data-day]').first().getAttribute('data-day');
  const end = new Date(Date.parse(`${start}T00:00:00Z`) + 2 * 86_400_000).toISOString().slice(0, 10);
  if (!(await page.locator(`[data-day="${end}"] button`).isVisible()))
    await page.getByRole('button', { name: /следующий месяц/i }).click();
  await page.locator(`[data-day="${end}"] button`).click();
  await page.getByRole('button', { name: 'Далее' }).click();
  await page.getByRole('button', { name: 'Далее' }).click();
  await page.getByRole('button', { name: /^Оплатить/ }).click();
  await expect(page.getByTestId('wizard-done')).toBeVisible();

  // An administrator finds it in the admin remote's ad queue and approves it by clicking.
  const admin = await browser.newContext({ locale: 'ru-RU' });
  const adminLogin = await admin.request.post('/api/auth/login', {
    data: { email: 'admin@anketa.local', password: 'admin-e2e-password' },
    headers: await csrfHeader(admin.request),
  });
  expect(adminLogin.ok()).toBe(true);
  const moderator = await admin.newPage();
  await moderator.goto('/admin');
  await moderator.getByTestId('admin-nav-campaigns').click();
  await moderator.locator(`a[href="/admin/ads/${id}"]`).click();
  await expect(moderator.getByRole('heading', { level: 1 })).toContainText('Цветочная мастерская');
  await moderator.getByRole('button', { name: /^Одобрить/ }).click();
  await expect(moderator.getByText('«Цветочная мастерская» одобрено')).toBeVisible();
  await admin.close();

  // A visitor of the city's listing (a browser of their own) sees it for a second.
  const visitor = await browser.newContext({ userAgent: PERSON_UA, viewport: { width: 1280, height: 900 } });
  const visitorPage = await visitor.newPage();
  const firstReport = nextImpression(visitorPage);
  await visitorPage.goto(`/category/individual?page=1&city=${CITY.slug}`);
  await expect(visitorPage.getByTestId('ad-card').getByRole('heading')).toHaveText('Цветочная мастерская');
  await firstReport;

  // The advertiser's dashboard shows that one impression.
  await page.goto(`/advister?campaign=${id}`);
  await expect(page.getByTestId('total-impressions')).toHaveText('1');

  // The same visitor within the hour: reported again, not counted again.
  const secondReport = nextImpression(visitorPage);
  await visitorPage.reload();
  await expect(visitorPage.getByTestId('ad-card')).toBeVisible();
  await secondReport;
  await page.reload();
  await expect(page.getByTestId('total-impressions')).toHaveText('1');
  await visitor.close();
});

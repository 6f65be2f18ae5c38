import { showScreen } from '../support/in-app';
import { asAdmin, submittedProfile } from '../support/moderation';
import { expect, type Page, test } from '../support/test';

/**
 * A profile's address that shows no profile says so ("profile not found"), with the status search
 * engines need (404 for an id that never was a profile, 410 for one that is gone) and the ways on:
 * the categories and a few profiles, from where a gone profile was listed.
 */

test.use({ locale: 'ru-RU' });

/** The page's heading, its category cards and the profiles it offers, as a visitor sees them. */
async function expectMissingProfilePage(page: Page, heading: string) {
  const missing = page.getByTestId('model-not-found');
  await expect(missing.getByRole('heading', { level: 1 })).toHaveText(heading);
  await expect(page).toHaveTitle(heading);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await expect(page.getByTestId('not-found')).toHaveCount(0);
  const categories = missing.getByRole('list', { name: /Категории|Categories/ }).getByRole('link');
  await expect(categories).toHaveCount(4);
  const offered = missing.getByTestId('model-alternatives').getByTestId('model-card');
  await expect(offered.first()).toBeVisible();
  expect(await offered.count()).toBeGreaterThan(0);
  expect(await offered.count()).toBeLessThanOrEqual(4);
  return { missing, offered };
}

test('an unknown id answers 404 with "profile not found", the categories and profiles to open', async ({
  page,
}) => {
  // The server's page comes with its data: the browser asks for neither the profile nor the offer.
  const reads: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/model/999999999')) reads.push(pathname);
  });
  const response = await page.goto('/girl/999999999');
  expect(response?.status()).toBe(404);
  const { missing, offered } = await expectMissingProfilePage(page, 'Анкета не найдена');
  await page.waitForLoadState('networkidle');
  expect(reads).toEqual([]);
  await expect(missing).toContainText('Такой анкеты нет');
  await expect(missing.getByRole('heading', { level: 2 })).toHaveText('Сейчас в каталоге');
  await expect(missing.getByRole('link', { name: 'Массаж' })).toHaveAttribute(
    'href',
    '/category/massage?page=1',
  );

  // Each offered profile opens.
  const link = offered.first().getByRole('link');
  const href = await link.getAttribute('href');
  expect(href).toMatch(/^\/girl\/\d+$/);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.getByTestId('model-page')).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveCount(0);

  const english = await page.goto('/en/girl/999999999');
  expect(english?.status()).toBe(404);
  const { offered: inEnglish } = await expectMissingProfilePage(page, 'Profile not found');
  await expect(inEnglish.first().getByRole('link')).toHaveAttribute('href', /^\/en\/girl\/\d+$/);
});

test('a blocked profile answers 410 and offers profiles from its category and city, loaded or navigated to', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const name = `Лина${Date.now() % 1000}`;
  const { id, city } = await submittedProfile(page, name);
  await asAdmin(baseURL ?? '', async (admin, headers) => {
    const approved = await admin.post(`/api/admin-panel/moderation/profiles/${id}/approve`, { headers });
    expect(approved.ok(), await approved.text()).toBe(true);
    const blocked = await admin.post(`/api/admin-panel/profiles/${id}/block`, {
      headers,
      data: { reason: 'Фото из чужой анкеты' },
    });
    expect(blocked.ok(), await blocked.text()).toBe(true);
  });

  const response = await page.goto(`/girl/${id}`);
  expect(response?.status()).toBe(410);
  const { missing, offered } = await expectMissingProfilePage(page, 'Анкета не найдена');
  await expect(missing).toContainText('больше не показывается');
  await expect(missing).not.toContainText(name);
  await expect(missing.getByRole('heading', { level: 2 })).toHaveText('Похожие анкеты');
  const all = missing.getByRole('link', { name: /^Все анкеты: Индивидуалки, / });
  await expect(all).toHaveAttribute('href', `/category/individual?city=${city}&page=1`);
  const hrefs = await offered
    .getByRole('link')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  expect(hrefs.every((href) => /^\/girl\/\d+$/.test(href ?? ''))).toBe(true);
  expect(hrefs).not.toContain(`/girl/${id}`);

  // The same page when the visitor gets there inside the app (no server render).
  await page.goto('/price');
  await showScreen(page, `/girl/${id}`);
  const inApp = await expectMissingProfilePage(page, 'Анкета не найдена');
  await expect(inApp.missing).toContainText('больше не показывается');
  await expect(inApp.offered.getByRole('link')).toHaveCount(hrefs.length);

  await page.goto(`/en/girl/${id}`);
  const english = await expectMissingProfilePage(page, 'Profile not found');
  await expect(english.missing).toContainText('no longer shown');
  await expect(english.missing.getByRole('link', { name: /^All profiles: Individual, / })).toBeVisible();
});

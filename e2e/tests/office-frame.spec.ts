import { expect, type Page, test } from '../support/test';
import { DEMO } from '../support/accounts';
import { axeViolations } from '../support/axe';
import { showScreen } from '../support/in-app';
import { signIn } from '../support/session';
import { deviceContext } from '../support/device';

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** An office screen is judged once its heading is there and no part of it is still loading. */
async function settled(page: Page) {
  await page.locator('h1').first().waitFor();
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

test.describe('the office frame', () => {
  test.beforeEach(async ({ context, baseURL }) => {
    await signIn(context, baseURL ?? '', DEMO.advertiser, DEMO.password);
  });

  test('on a desktop the sidebar marks the current screen and bonuses opens the promo dialog', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/advister/ads/completed');
    const nav = page.getByRole('navigation', { name: 'Меню кабинета' });
    await expect(nav.getByRole('link', { name: 'Мои объявления' })).toHaveAttribute('aria-current', 'page');
    await nav.getByRole('link', { name: 'Настройки' }).click();
    await expect(page).toHaveURL(/\/advister\/settings$/);
    await expect(nav.getByRole('link', { name: 'Настройки' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByTestId('office-balance')).toContainText('₽');

    await nav.getByRole('link', { name: 'Бонусы' }).click();
    await expect(page).toHaveURL(/\/advister\/settings#promo$/);
    const dialog = page.getByRole('dialog', { name: 'Промокод' });
    await dialog.getByRole('link', { name: 'Все бонусы' }).click();
    await expect(page).toHaveURL(/\/advister\/bonuses$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Бонусы');
  });

  test('on a phone the shell’s cabinet menu holds the advertiser’s entries', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/advister');
    await expect(page.getByRole('navigation', { name: 'Меню кабинета' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Пополнить' })).toBeVisible();

    await page.getByTestId('cabinet-button').click();
    const menu = page.getByTestId('cabinet-menu');
    await expect(menu.getByRole('link')).toHaveText([
      'Создать рекламу',
      'Мои объявления',
      'Мой профиль',
      'Бонусы',
      /Уведомления/,
      'Настройки',
    ]);
    await menu.getByRole('link', { name: 'Создать рекламу' }).click();
    await expect(page).toHaveURL(/\/advister\/create$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Новое объявление');
  });
});

for (const language of ['ru', 'en'] as const) {
  for (const viewport of VIEWPORTS) {
    test(`every office screen has no axe violations (${language}, ${viewport.name})`, async ({
      browser,
      baseURL,
    }) => {
      test.setTimeout(120_000);
      const context = await deviceContext(browser, baseURL, {
        width: viewport.width,
        height: viewport.height,
        language,
        axe: true,
      });
      await signIn(context, baseURL ?? '', DEMO.advertiser, DEMO.password);
      const paths = [
        '/advister',
        '/advister/create',
        '/advister/ads',
        '/advister/ads/completed',
        '/advister/ads/saved',
        '/advister/ads/moderating',
        '/advister/notifications',
        '/advister/bonuses',
        '/advister/settings',
      ];
      const page = await context.newPage();
      const found: Record<string, string[]> = {};
      for (const path of paths) {
        await showScreen(page, path);
        await settled(page);
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        const violations = await axeViolations(page);
        if (violations.length) found[path] = violations;
      }
      await page.goto('/advister#promo');
      await expect(page.getByRole('dialog')).toBeVisible();
      const promo = await axeViolations(page);
      if (promo.length) found['#promo'] = promo;
      expect(found).toEqual({});
      await context.close();
    });
  }
}

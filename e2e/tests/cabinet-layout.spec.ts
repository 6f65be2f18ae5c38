import { expect, test } from '../support/test';
import { DEMO } from '../support/accounts';
import { signIn } from '../support/session';

test.describe('the cabinet frame', () => {
  test.beforeEach(async ({ context, baseURL }) => {
    await signIn(context, baseURL ?? '', DEMO.model, DEMO.password);
  });

  test('on a desktop the sidebar marks the current screen and moves between screens', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/profile/promotion');
    const nav = page.getByRole('navigation', { name: 'Меню кабинета' });
    await expect(nav.getByRole('link', { name: 'Продвижение' })).toHaveAttribute('aria-current', 'page');
    await nav.getByRole('link', { name: 'Настройки' }).click();
    await expect(page).toHaveURL(/\/profile\/settings$/);
    await expect(nav.getByRole('link', { name: 'Настройки' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Продвижение' })).not.toHaveAttribute('aria-current', 'page');
    await expect(page.getByTestId('cabinet-balance')).toContainText('₽');
  });

  test('on a phone the shell’s cabinet menu holds every entry, and bonuses opens the promo dialog', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/profile/analytics');
    // The sidebar gives way to the shell's overlay; the balance stays on screen with its button.
    await expect(page.getByRole('navigation', { name: 'Меню кабинета' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Пополнить' })).toBeVisible();

    await page.getByTestId('cabinet-button').click();
    const menu = page.getByTestId('cabinet-menu');
    await expect(menu.getByRole('link')).toHaveText([
      'Главная',
      'Эфир',
      'Продвижение',
      'Мои анкеты',
      /Уведомления/,
      'Бонусы',
      'Настройки',
    ]);
    await menu.getByRole('link', { name: 'Настройки' }).click();
    await expect(page).toHaveURL(/\/profile\/settings$/);
    await expect(menu).toBeHidden();

    await page.getByTestId('cabinet-button').click();
    await menu.getByRole('link', { name: 'Бонусы' }).click();
    await expect(page).toHaveURL(/\/profile#promo$/);
    await expect(page.getByRole('dialog')).toBeVisible();
  });
});

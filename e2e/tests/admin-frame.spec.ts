import { expect, test } from '../support/test';
import { DEMO } from '../support/accounts';
import { signIn } from '../support/session';

const ADMIN = { email: 'admin@anketa.local', password: 'admin-e2e-password' };

test.describe('the administration area', () => {
  test('a guest is sent to sign in, and a model to her own cabinet', async ({ page, context, baseURL }) => {
    await page.goto('/admin/accounts');
    await expect(page).toHaveURL(/\/login\/advister$/);

    await signIn(context, baseURL ?? '', DEMO.model, DEMO.password);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/profile$/);
  });

  test('an administrator gets the remote with its menu, loaded once', async ({ page, context, baseURL }) => {
    const entries: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/mfe/admin/') && request.url().endsWith('remoteEntry.js'))
        entries.push(request.url());
    });
    await signIn(context, baseURL ?? '', ADMIN.email, ADMIN.password);
    await page.goto('/admin');
    const menu = page.getByRole('navigation', { name: 'Меню администрирования' });
    await expect(menu.getByRole('link', { name: /Анкеты на проверке/ })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await menu.getByRole('link', { name: 'Журнал действий' }).click();
    await expect(page).toHaveURL(/\/admin\/audit$/);
    await expect(menu.getByRole('link', { name: 'Журнал действий' })).toHaveAttribute('aria-current', 'page');
    expect(entries).toHaveLength(1);
  });
});

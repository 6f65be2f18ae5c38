import { expect, test } from '../support/test';
import { adminContext } from '../support/admin';
import { registerThroughApi, uniqueEmail } from '../support/mail';

// Issue 16's journey across apps: a promo code created in the administration is activated by a
// new model on her bonuses page, and the administration sees the activation.
test.use({ bypassCSP: true, locale: 'ru-RU' });

test('a promo code created by an administrator raises a new model’s balance when she activates it', async ({
  page,
  browser,
  baseURL,
}) => {
  const code = `E2E${Date.now().toString(36).toUpperCase()}`;
  const admin = await adminContext(browser, baseURL ?? '');
  const adminPage = await admin.newPage();
  await adminPage.goto('/admin/promo-codes');
  await adminPage.getByRole('button', { name: 'Новый промокод' }).click();
  const dialog = adminPage.getByRole('dialog', { name: 'Новый промокод' });
  await dialog.getByLabel('Код').pressSequentially(code.toLowerCase());
  await expect(dialog.getByLabel('Код')).toHaveValue(code);
  await dialog.getByLabel('Сумма, ₽').fill('300');
  await dialog.getByLabel('Для кого').selectOption('girl');
  await dialog.getByLabel('Лимит активаций').fill('5');
  await dialog.getByLabel('Описание на русском').fill('Подарок за регистрацию');
  await dialog.getByLabel('Описание на английском').fill('A welcome gift');
  await dialog.getByRole('button', { name: 'Создать' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(adminPage.getByText(`Промокод ${code} создан`)).toBeVisible();
  const row = adminPage.getByTestId(`promo-${code}`);
  await expect(row).toContainText('0 из 5');
  await expect(row).toContainText('Только модели');

  // The same code again is refused at the field.
  await adminPage.getByRole('button', { name: 'Новый промокод' }).click();
  await dialog.getByLabel('Код').fill(code);
  await dialog.getByLabel('Сумма, ₽').fill('300');
  await dialog.getByLabel('Описание на русском').fill('Повтор');
  await dialog.getByLabel('Описание на английском').fill('Again');
  await dialog.getByRole('button', { name: 'Создать' }).click();
  await expect(dialog.getByText('уже', { exact: false })).toBeVisible();
  await dialog.getByRole('button', { name: 'Отмена' }).click();

  // A new model activates it on her bonuses page.
  await registerThroughApi(page.context().request, {
    email: uniqueEmail('promo-admin'),
    password: 'promo-e2e-password',
    accountType: 'girl',
  });
  await page.goto('/profile/bonuses');
  const input = page.getByRole('textbox', { name: 'Промокод' });
  await input.pressSequentially(code.toLowerCase());
  await input.press('Enter');
  await expect(page.getByText('Бонус 300 ₽ зачислен на баланс')).toBeVisible();
  await expect(page.getByTestId('cabinet-balance')).toContainText('300');
  const profile = (await (await page.context().request.get('/api/profile')).json()) as { balance: number };
  expect(profile.balance).toBe(300);

  await adminPage.reload();
  await expect(adminPage.getByTestId(`promo-${code}`)).toContainText('1 из 5');

  // Deactivated, it can no longer be activated.
  await adminPage.getByRole('button', { name: `Отключить ${code}` }).click();
  await adminPage.getByRole('dialog').getByRole('button', { name: 'Отключить' }).click();
  await expect(adminPage.getByTestId(`promo-${code}`)).toContainText('Отключён');
  await admin.close();
});

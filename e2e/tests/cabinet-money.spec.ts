import { type APIRequestContext, expect, type Page, test } from '../support/test';
import { axeViolations } from '../support/axe';
import { csrfHeader, registerThroughApi, uniqueEmail } from '../support/mail';

// axe is injected as a script, which the site's CSP forbids; the sandbox gateway's page speaks
// the browser's language.
test.use({ bypassCSP: true, locale: 'ru-RU' });

/** Amounts are written with (narrow) no-break spaces: compare them as plain text. */
const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ').trim();

async function registerGirl(page: Page, prefix: string) {
  const email = uniqueEmail(prefix);
  const password = 'money-e2e-password';
  await registerThroughApi(page.context().request, { email, password, accountType: 'girl' });
  return { email, password };
}

async function balanceOf(request: APIRequestContext): Promise<number> {
  return ((await (await request.get('/api/profile')).json()) as { balance: number }).balance;
}

test('a girl tops up 500 through the dialog and the sandbox gateway; the result page waits for the server and shows the new balance', async ({
  page,
}) => {
  await registerGirl(page, 'topup');
  await page.goto('/profile/bonuses');
  const layoutBalance = page.getByTestId('cabinet-balance');
  await expect(layoutBalance).toContainText('0');

  await layoutBalance.getByRole('button', { name: 'Пополнить' }).click();
  const dialog = page.getByRole('dialog', { name: 'Пополнение баланса' });
  await expect(dialog.getByLabel('Сумма, ₽')).toHaveValue('500');
  expect(await axeViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: /Оплатить/ }).click();

  // The sandbox gateway's own page, on this server.
  await expect(page).toHaveURL(/\/api\/payments\/sandbox\/[0-9a-f-]+\?token=/);
  await page.getByRole('button', { name: 'Оплатить', exact: true }).click();

  await expect(page).toHaveURL(/\/profile\/payment\/crypto\/success\?order=[0-9a-f-]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Баланс пополнен');
  await expect(page.getByTestId('payment-balance')).toHaveText(/500/);
  expect(plain(await page.getByTestId('payment-balance').textContent())).toBe('500 ₽');
  expect(await balanceOf(page.context().request)).toBe(500);
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole('link', { name: 'Вернуться в кабинет' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByTestId('cabinet-balance')).toContainText('500');
});

test('a failed payment says so, and a success link for a pending order does not claim success', async ({
  page,
}) => {
  await registerGirl(page, 'pending');
  const request = page.context().request;
  const created = await request.post('/api/payments/orders', {
    data: { amount: 700, source: 'modal' },
    headers: await csrfHeader(request),
  });
  expect(created.status()).toBe(201);
  const { order, paymentUrl } = (await created.json()) as { order: { id: string }; paymentUrl: string };

  await page.goto(`/profile/payment/crypto/success?order=${order.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ждём подтверждения оплаты');
  await expect(page.getByTestId('payment-paid')).toHaveCount(0);

  await page.goto(paymentUrl);
  await page.getByRole('button', { name: 'Платёж не прошёл' }).click();
  await expect(page).toHaveURL(/\/profile\/payment\/crypto\/error\?order=/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Оплата не прошла');
  expect(await balanceOf(request)).toBe(0);
});

test('the balance promo WELCOME100 on the bonuses page raises the balance by 100 at once', async ({
  page,
}) => {
  await registerGirl(page, 'promo');
  await page.goto('/profile/bonuses');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Бонусы');
  const code = page.getByRole('textbox', { name: 'Промокод' });
  await expect(page.getByRole('button', { name: 'Активировать' })).toBeDisabled();
  await code.pressSequentially('welcome100');
  await expect(code).toHaveValue('WELCOME100');
  await code.press('Enter');

  await expect(page.getByText('Бонус 100 ₽ зачислен на баланс')).toBeVisible();
  await expect(page.getByTestId('cabinet-balance')).toContainText('100');
  await expect(page.getByTestId('active-bonus-BALANCE_AMOUNT')).toContainText('WELCOME100');
  expect(await balanceOf(page.context().request)).toBe(100);
  expect(await axeViolations(page)).toEqual([]);

  // Once per account: the server's answer shows under the input.
  await code.fill('WELCOME100');
  await code.press('Enter');
  await expect(page.getByText('Этот промокод уже использован').first()).toBeVisible();
});

test('/profile#promo opens the promo dialog, which leads to the bonuses page', async ({ page }) => {
  await registerGirl(page, 'hash');
  await page.goto('/profile#promo');
  const dialog = page.getByRole('dialog', { name: 'Промокод' });
  await expect(dialog).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await dialog.getByRole('link', { name: 'Все бонусы' }).click();
  await expect(page).toHaveURL(/\/profile\/bonuses$/);
  await expect(dialog).toHaveCount(0);
});

test('the notifications page marks the unread ones read and the header badge disappears', async ({
  page,
  browser,
  baseURL,
}) => {
  const { email } = await registerGirl(page, 'notes');
  // Two notifications for her: an administrator blocks and unblocks the account.
  const admin = await browser.newContext({ baseURL });
  const adminRequest = admin.request;
  const signedIn = await adminRequest.post('/api/auth/login', {
    data: { email: 'admin@anketa.local', password: 'admin-e2e-password' },
    headers: await csrfHeader(adminRequest),
  });
  expect(signedIn.ok()).toBe(true);
  const found = (await (
    await adminRequest.get('/api/admin-panel/accounts', { params: { q: email } })
  ).json()) as { items: { id: number; email: string }[] };
  const id = found.items.find((account) => account.email === email)?.id;
  expect(id).toBeDefined();
  for (const action of ['block', 'unblock']) {
    const response = await adminRequest.post(`/api/admin-panel/accounts/${id}/${action}`, {
      data: { reason: 'A test of notifications' },
      headers: await csrfHeader(adminRequest),
    });
    expect(response.ok(), await response.text()).toBe(true);
  }
  await admin.close();

  await page.goto('/profile/notifications');
  // The header's cabinet button: its badge shows the count, and its name says it.
  const badge = page.getByTestId('cabinet-button');
  await expect(badge).toHaveAccessibleName('Открыть кабинет 2 непрочитанных');
  await expect(badge.getByText('2', { exact: true })).toBeVisible();
  await expect(page.getByTestId('notification')).toHaveCount(2);
  await expect(page.getByRole('img', { name: 'Не прочитано' })).toHaveCount(2);
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Отметить прочитанными' }).click();
  await expect(page.getByRole('img', { name: 'Не прочитано' })).toHaveCount(0);
  await expect(badge).toHaveAccessibleName('Открыть кабинет');
  await expect(badge.getByText('2', { exact: true })).toHaveCount(0);
  await expect(page.getByTestId('cabinet-nav-notifications')).toHaveText('Уведомления');
});

test('changes the login in settings', async ({ page }) => {
  await registerGirl(page, 'login');
  await page.goto('/profile/settings');
  const login = `anna${Date.now().toString(36)}`;
  const section = page.getByRole('region', { name: 'Логин' });
  await section.getByLabel('Новый логин', { exact: true }).fill(login);
  await section.getByLabel('Новый логин ещё раз').fill(login);
  expect(await axeViolations(page)).toEqual([]);
  await section.getByRole('button', { name: 'Сменить логин' }).click();
  await expect(page.getByText(`Логин изменён на ${login}`)).toBeVisible();
  await expect(section.getByText(`Сейчас: ${login}`)).toBeVisible();
  const profile = (await (await page.context().request.get('/api/profile')).json()) as { login: string };
  expect(profile.login).toBe(login);
});

import { expect, type Page, test } from '../support/test';
import { adminCall, adminContext } from '../support/admin';
import { axeViolations } from '../support/axe';
import { showScreen } from '../support/in-app';
import { csrfHeader, registerThroughApi, uniqueEmail } from '../support/mail';

// The records of the administration (issue 16): accounts, money, site and the audit log, each
// through the admin's screens against the real API, and what the change does elsewhere.
test.use({ bypassCSP: true, locale: 'ru-RU' });

/** Amounts are written with (narrow) no-break spaces: compare them as plain text. */
const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ').trim();

/** A screen is judged once its heading is there and no part of it is still loading. */
async function settled(page: Page) {
  await page.locator('h1').first().waitFor();
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

async function registerModel(page: Page, prefix: string) {
  const email = uniqueEmail(prefix);
  await registerThroughApi(page.context().request, {
    email,
    password: 'records-e2e-password',
    accountType: 'girl',
  });
  return email;
}

async function openAccount(page: Page, email: string) {
  await page.goto('/admin/accounts');
  await page.getByRole('searchbox', { name: 'Поиск' }).fill(email);
  await page.getByRole('searchbox', { name: 'Поиск' }).press('Enter');
  // The search's answer, as a reader waits for it: a click on the list it replaces is not the journey.
  await expect(page).toHaveURL(/[?&]q=/);
  await settled(page);
  await page.getByRole('link', { name: email }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(email);
  await settled(page);
}

test('an administrator blocks a model with a comment she reads, and unblocks her', async ({
  page,
  browser,
  baseURL,
}) => {
  const email = await registerModel(page, 'blocked');
  const admin = await adminContext(browser, baseURL ?? '');
  const adminPage = await admin.newPage();
  await openAccount(adminPage, email);

  await adminPage.getByRole('button', { name: 'Заблокировать' }).click();
  const dialog = adminPage.getByRole('dialog', { name: `Заблокировать ${email}?` });
  await dialog.getByRole('button', { name: 'Заблокировать' }).click();
  await expect(dialog.getByText('Укажите причину')).toBeVisible();
  await dialog.getByLabel('Комментарий для модели').fill('Фото не соответствуют анкете');
  await dialog.getByRole('button', { name: 'Заблокировать' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(adminPage.getByText(`Аккаунт ${email} заблокирован`)).toBeVisible();
  await expect(adminPage.getByTestId('account-state')).toHaveText('Заблокирован');
  await expect(adminPage.getByTestId('account-block-note')).toContainText('Фото не соответствуют анкете');

  // She is told, with the comment.
  const notes = (await (await page.context().request.get('/api/notifications')).json()) as {
    items: { kind: string; params: Record<string, unknown> }[];
  };
  expect(notes.items.find((item) => item.kind === 'account_blocked')).toBeTruthy();
  expect(JSON.stringify(notes.items)).toContain('Фото не соответствуют анкете');

  await adminPage.getByRole('button', { name: 'Разблокировать' }).click();
  const confirm = adminPage.getByRole('dialog', { name: `Разблокировать ${email}?` });
  await confirm.getByRole('button', { name: 'Разблокировать' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(adminPage.getByTestId('account-state')).toHaveText('Активен');

  // The audit log has both, with who and why.
  await adminPage.goto('/admin/audit');
  await adminPage.getByLabel('Действие').selectOption('account.block');
  await adminPage.getByRole('button', { name: 'Показать' }).click();
  await expect(adminPage).toHaveURL(/action=account\.block/);
  const entry = adminPage.getByTestId('audit-entry').filter({ hasText: 'Фото не соответствуют анкете' });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText('admin@anketa.local');
  await admin.close();
});

test('a balance adjustment with a reason is a new ledger entry and reaches her balance', async ({
  page,
  browser,
  baseURL,
}) => {
  const email = await registerModel(page, 'adjusted');
  const admin = await adminContext(browser, baseURL ?? '');
  const adminPage = await admin.newPage();
  await openAccount(adminPage, email);
  expect(plain(await adminPage.getByTestId('account-balance').textContent())).toBe('0 ₽');

  await adminPage.getByRole('button', { name: 'Корректировка баланса' }).click();
  const dialog = adminPage.getByRole('dialog', { name: 'Корректировка баланса' });
  await dialog.getByLabel('Сумма, ₽').fill('-50');
  await dialog.getByLabel('Причина').fill('Проверка списания');
  await dialog.getByRole('button', { name: 'Провести' }).click();
  await expect(dialog.getByText('Нельзя списать больше, чем есть на балансе')).toBeVisible();

  await dialog.getByLabel('Сумма, ₽').fill('250,50');
  await dialog.getByLabel('Причина').fill('Компенсация за сбой оплаты');
  await dialog.getByRole('button', { name: 'Провести' }).click();
  await expect(dialog).toHaveCount(0);
  expect(plain(await adminPage.getByTestId('account-balance').textContent())).toBe('250,50 ₽');
  const line = adminPage.getByTestId('ledger-line').filter({ hasText: 'Компенсация за сбой оплаты' });
  await expect(line).toContainText('Корректировка');
  expect(plain(await line.textContent())).toContain('+250,50 ₽');

  const profile = (await (await page.context().request.get('/api/profile')).json()) as { balance: number };
  expect(profile.balance).toBe(250.5);
  await admin.close();
});

test('an adjustment above 10 000 ₽ waits for a second administrator, and none adjusts their own balance', async ({
  page,
  browser,
  baseURL,
}) => {
  const email = await registerModel(page, 'large-adjustment');
  const admin = await adminContext(browser, baseURL ?? '');
  const adminPage = await admin.newPage();
  await openAccount(adminPage, email);

  await adminPage.getByRole('button', { name: 'Корректировка баланса' }).click();
  const dialog = adminPage.getByRole('dialog', { name: 'Корректировка баланса' });
  await dialog.getByLabel('Сумма, ₽').fill('15000');
  await dialog.getByLabel('Причина').fill('Возврат крупного платежа');
  await dialog.getByRole('button', { name: 'Провести' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(adminPage.getByText(/ждёт одобрения второго администратора/)).toBeVisible();
  const pending = adminPage.getByTestId('pending-adjustment').filter({ hasText: 'Возврат крупного платежа' });
  await expect(pending).toContainText('Нужен второй администратор');
  // The one who asked cannot approve it, and no money has moved.
  await expect(pending.getByRole('button', { name: /Одобрить/ })).toHaveCount(0);
  expect(plain(await adminPage.getByTestId('account-balance').textContent())).toBe('0 ₽');
  const approve = await adminPage.request.post(
    `/api/admin-panel/adjustments/${await pendingId(adminPage, email)}/approve`,
    { headers: await csrfHeader(adminPage.request) },
  );
  expect(approve.status()).toBe(403);
  expect(((await approve.json()) as { code: string }).code).toBe('ADJUSTMENT_NEEDS_SECOND_ADMIN');

  // Withdrawn by its requester: still nothing moved.
  await pending.getByRole('button', { name: /Отклонить/ }).click();
  await expect(adminPage.getByTestId('pending-adjustment')).toHaveCount(0);
  expect(plain(await adminPage.getByTestId('account-balance').textContent())).toBe('0 ₽');
  const profile = (await (await page.context().request.get('/api/profile')).json()) as { balance: number };
  expect(profile.balance).toBe(0);

  // The administrator's own balance.
  await openAccount(adminPage, 'admin@anketa.local');
  await adminPage.getByRole('button', { name: 'Корректировка баланса' }).click();
  await dialog.getByLabel('Сумма, ₽').fill('100');
  await dialog.getByLabel('Причина').fill('Себе на счёт');
  await dialog.getByRole('button', { name: 'Провести' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'Нельзя корректировать собственный баланс: попросите другого администратора',
  );
  await admin.close();
});

/** The id of the account's pending adjustment, as the administration's list gives it. */
async function pendingId(page: Page, email: string): Promise<number> {
  const found = (await (
    await page.request.get(`/api/admin-panel/accounts?q=${encodeURIComponent(email)}`)
  ).json()) as { items: { id: number }[] };
  const list = (await (
    await page.request.get(`/api/admin-panel/adjustments?accountId=${found.items[0]?.id}`)
  ).json()) as { items: { id: number }[] };
  const id = list.items[0]?.id;
  if (!id) throw new Error(`no pending adjustment of ${email}`);
  return id;
}

test('a changed slogan and price show on the public pages at once', async ({ browser, baseURL }) => {
  const admin = await adminContext(browser, baseURL ?? '');
  const request = admin.request;
  const before = (await (await request.get('/api/admin-panel/site')).json()) as {
    slogan: { ru: string; en: string };
    prices: {
      list: string;
      code: string;
      titleRu: string;
      titleEn: string;
      mskSpbPrice: number;
      otherPrice: number;
    }[];
  };
  const line = before.prices.find((item) => item.list === 'ads_boosting') ?? before.prices[0];
  if (!line) throw new Error('the seed has no price lines');
  const page = await admin.newPage();
  const visitor = await browser.newPage({ baseURL, locale: 'ru-RU' });
  try {
    await page.goto('/admin/site');
    await settled(page);
    await page.getByLabel('Слоган на русском').fill('Проверенные анкеты каждый день');
    await page.getByRole('button', { name: 'Сохранить слоган' }).click();
    await expect(page.getByText('Слоган сохранён, сайт уже показывает его')).toBeVisible();

    await page.getByRole('button', { name: `Изменить ${line.titleRu}` }).click();
    const dialog = page.getByRole('dialog', { name: `Цена: ${line.titleRu}` });
    await dialog.getByLabel('Название на русском').fill('Баннер e2e');
    await dialog.getByLabel('Москва и СПб, $').fill('');
    await dialog.getByLabel('Другие регионы, $').focus();
    await expect(dialog.getByText('Цена — целое число от 0 до 1 000 000')).toBeVisible();
    await dialog.getByLabel('Москва и СПб, $').fill('777');
    await dialog.getByRole('button', { name: 'Сохранить' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId(`price-${line.code}`)).toContainText('$777');

    await visitor.goto('/');
    await expect(visitor.getByTestId('site-slogan')).toHaveText('Проверенные анкеты каждый день');
    await visitor.goto('/price');
    await expect(visitor.getByRole('row', { name: /Баннер e2e/ })).toContainText('777');
  } finally {
    // Other journeys of the run read the seeded slogan and prices.
    await adminCall(request, 'put', '/api/admin-panel/site/slogan', before.slogan);
    const { list, code, titleRu, titleEn, mskSpbPrice, otherPrice } = line;
    await adminCall(request, 'put', `/api/admin-panel/site/prices/${list}/${code}`, {
      titleRu,
      titleEn,
      mskSpbPrice,
      otherPrice,
    });
    await visitor.close();
    await admin.close();
  }
});

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

for (const language of ['ru', 'en'] as const) {
  for (const viewport of VIEWPORTS) {
    test(`every records screen has no axe violations and no page-wide sideways scroll (${language}, ${viewport.name})`, async ({
      browser,
      baseURL,
    }) => {
      test.setTimeout(180_000);
      // Something on every screen: an account with a ledger entry and a top-up order.
      const model = await browser.newContext({ baseURL });
      const email = uniqueEmail(`a11y-${language}-${viewport.name}`);
      await registerThroughApi(model.request, {
        email,
        password: 'records-e2e-password',
        accountType: 'girl',
      });
      const created = await model.request.post('/api/payments/orders', {
        data: { amount: 700, source: 'modal' },
        headers: await csrfHeader(model.request),
      });
      const { order } = (await created.json()) as { order: { id: string } };
      await model.close();

      const admin = await adminContext(browser, baseURL ?? '', { language, ...viewport });
      const found = (await (
        await admin.request.get(`/api/admin-panel/accounts?q=${encodeURIComponent(email)}`)
      ).json()) as { items: { id: number }[] };
      const accountId = found.items[0]?.id;
      expect(accountId).toBeDefined();
      await adminCall(admin.request, 'post', `/api/admin-panel/accounts/${accountId}/adjustments`, {
        amount: 100,
        reason: 'a11y check',
      });
      // One waiting for a second administrator, so that its section is judged too.
      await adminCall(admin.request, 'post', `/api/admin-panel/accounts/${accountId}/adjustments`, {
        amount: 20_000,
        reason: 'a11y check, large',
      });
      const paths = [
        '/admin/accounts',
        `/admin/accounts/${accountId}`,
        '/admin/payments',
        `/admin/payments/${order.id}`,
        '/admin/promo-codes',
        '/admin/site',
        '/admin/releases',
        '/admin/audit',
      ];
      const page = await admin.newPage();
      const problems: Record<string, string[]> = {};
      for (const path of paths) {
        await showScreen(page, path);
        await settled(page);
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        const violations = await axeViolations(page);
        // A phone's emulated window widens to the content, so the screen's width is the measure.
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - Math.min(window.innerWidth, window.screen.width),
        );
        if (overflow > 0) violations.push(`the page scrolls sideways by ${overflow}px`);
        if (violations.length) problems[path] = violations;
        if (process.env.RECORDS_SHOTS) {
          await page.screenshot({
            path: `${process.env.RECORDS_SHOTS}/${path.replaceAll('/', '_')}-${language}-${viewport.width}.png`,
            fullPage: true,
          });
        }
      }
      // The dialogs: a block with its comment, and a new promo code.
      await page.goto(`/admin/accounts/${accountId}`);
      await settled(page);
      await page.getByRole('button', { name: language === 'ru' ? 'Заблокировать' : 'Block' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.waitForTimeout(400);
      const block = await axeViolations(page);
      if (block.length) problems['block dialog'] = block;
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await page.goto('/admin/promo-codes');
      await settled(page);
      await page
        .getByRole('button', { name: language === 'ru' ? 'Новый промокод' : 'New promo code' })
        .click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.waitForTimeout(400);
      const promo = await axeViolations(page);
      if (promo.length) problems['promo dialog'] = promo;
      if (process.env.RECORDS_SHOTS) {
        await page.screenshot({
          path: `${process.env.RECORDS_SHOTS}/promo-dialog-${language}-${viewport.width}.png`,
        });
      }
      await admin.close();
      expect(problems).toEqual({});
    });
  }
}

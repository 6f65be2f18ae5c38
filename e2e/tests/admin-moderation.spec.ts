import { type BrowserContext, expect, type Page, test } from '../support/test';
import { axeViolations } from '../support/axe';
import { showScreen } from '../support/in-app';
import { adminContext } from '../support/admin';
import { SHOTS_DIR, submittedProfile } from '../support/moderation';

// axe is injected as a script tag, which the site's CSP rightly refuses (csp.spec.ts tests it).
test.use({ bypassCSP: true, locale: 'ru-RU' });

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** A screen is judged once its heading is there and no part of it is still loading. */
async function settled(page: Page) {
  await page.locator('h1').first().waitFor();
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

async function dialogSettled(page: Page) {
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.evaluate((element) =>
    Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)),
  );
}

async function shot(page: Page, name: string) {
  if (SHOTS_DIR) await page.screenshot({ path: `${SHOTS_DIR}/${name}.png`, fullPage: true });
}

test('a profile sent from the cabinet is approved in the admin remote with the keyboard and appears in the catalogue', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const name = `Мира${Date.now() % 1000}`;
  const { id, city } = await submittedProfile(page, name);

  const admin: BrowserContext = await adminContext(browser, baseURL ?? '');
  try {
    const moderator = await admin.newPage();
    await moderator.goto('/');
    // The shell shows an admin the way in.
    await moderator.getByTestId('admin-link').click();
    await expect(moderator).toHaveURL(/\/admin$/);
    await expect(moderator.getByRole('heading', { level: 1, name: 'Анкеты на проверке' })).toBeVisible();
    await expect(moderator.getByTestId('admin-nav-profiles')).toContainText(/\d/);
    await moderator.getByRole('link', { name, exact: true }).click();
    await expect(moderator).toHaveURL(new RegExp(`/admin/profiles/${id}$`));
    await expect(moderator.getByRole('heading', { level: 1, name: `Проверка: ${name}` })).toBeVisible();
    await expect(moderator.getByTestId('claim-banner')).toContainText('Вы проверяете это до');
    await expect(moderator.getByTestId('submitted-media').getByRole('img')).toHaveCount(1);

    await moderator.keyboard.press('a');
    await expect(moderator.getByText(`«${name}» одобрено`)).toBeVisible();
    await expect(moderator).not.toHaveURL(new RegExp(`/admin/profiles/${id}$`));
  } finally {
    await admin.close();
  }

  await page.goto(`/girl/${id}`);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await page.goto(`/category/individual?page=1&city=${city}`);
  await expect(page.locator(`a[href^="/girl/${id}"]`).first()).toBeVisible();
});

test('a moderator rejects with R and a typed reason the owner reads; typing it fires no shortcut', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const name = `Ева${Date.now() % 1000}`;
  const { id } = await submittedProfile(page, name);
  const admin = await adminContext(browser, baseURL ?? '');
  try {
    const moderator = await admin.newPage();
    await moderator.goto(`/admin/profiles/${id}`);
    await expect(moderator.getByTestId('claim-banner')).toContainText('Вы проверяете');
    await moderator.keyboard.press('r');
    const dialog = moderator.getByRole('dialog', { name: `Отклонить «${name}»` });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('radio', { name: 'Другое' }).check();
    // "a", "n" and "r" in the reason are letters, not shortcuts.
    const reason = dialog.getByRole('textbox', { name: 'Ваша причина' });
    await reason.fill('На фото нет лица');
    await reason.pressSequentially(' (a new photo, then resend)');
    await expect(dialog).toBeVisible();
    await expect(reason).toHaveValue('На фото нет лица (a new photo, then resend)');
    await dialog.getByRole('button', { name: 'Отклонить' }).click();
    await expect(moderator.getByText(`«${name}» отклонено`)).toBeVisible();
  } finally {
    await admin.close();
  }
  const own = (await (await page.request.get(`/api/profiles/${id}`)).json()) as {
    rejectReason: string | null;
  };
  expect(own.rejectReason).toBe('На фото нет лица (a new photo, then resend)');
});

for (const language of ['ru', 'en'] as const) {
  for (const viewport of VIEWPORTS) {
    test(`the moderation screens have no axe violations (${language}, ${viewport.name})`, async ({
      page,
      browser,
      baseURL,
    }) => {
      test.setTimeout(150_000);
      const { id } = await submittedProfile(page, `Лея${Date.now() % 1000}`);
      const admin = await adminContext(browser, baseURL ?? '', {
        language,
        width: viewport.width,
        height: viewport.height,
      });
      try {
        const moderator = await admin.newPage();
        const found: Record<string, string[]> = {};
        for (const path of ['/admin', `/admin/profiles/${id}`, '/admin/ads', '/admin/complaints']) {
          await showScreen(moderator, path);
          await settled(moderator);
          await expect(moderator.locator('html')).toHaveAttribute('lang', language);
          const violations = await axeViolations(moderator);
          if (violations.length) found[path] = violations;
          await shot(moderator, `${path.replaceAll('/', '_')}-${language}-${viewport.name}`);
        }
        // The dialogs of the review: the shortcuts and the rejection.
        await moderator.goto(`/admin/profiles/${id}`);
        await settled(moderator);
        await expect(moderator.getByTestId('claim-banner')).toBeVisible();
        await moderator.keyboard.press('Shift+Slash');
        await dialogSettled(moderator);
        const shortcuts = await axeViolations(moderator);
        if (shortcuts.length) found.shortcuts = shortcuts;
        await moderator.keyboard.press('Escape');
        await expect(moderator.getByRole('dialog')).toHaveCount(0);
        await moderator.keyboard.press('r');
        await dialogSettled(moderator);
        await shot(moderator, `reject-dialog-${language}-${viewport.name}`);
        const reject = await axeViolations(moderator);
        if (reject.length) found.reject = reject;
        expect(found).toEqual({});
      } finally {
        await admin.close();
      }
    });
  }
}

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

/** A dialog is judged once its entrance animation is over (half-faded text fails contrast). */
async function dialogSettled(page: Page) {
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.evaluate((element) =>
    Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)),
  );
  await page.waitForLoadState('networkidle');
}

/** A cabinet screen is judged once its heading is there and no part of it is still loading. */
async function settled(page: Page) {
  await page.locator('h1').first().waitFor();
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

for (const language of ['ru', 'en'] as const) {
  for (const viewport of VIEWPORTS) {
    test(`every cabinet screen of the demo model has no axe violations (${language}, ${viewport.name})`, async ({
      browser,
      baseURL,
    }) => {
      test.setTimeout(180_000);
      const context = await deviceContext(browser, baseURL, {
        width: viewport.width,
        height: viewport.height,
        language,
        axe: true,
      });
      await signIn(context, baseURL ?? '', DEMO.model, DEMO.password);
      const own = (await (await context.request.get('/api/profiles')).json()) as {
        items: { id: number }[];
      };
      const first = own.items[0]?.id;
      expect(first, 'the demo model owns a profile').toBeDefined();
      const paths = [
        '/profile',
        '/profile/analytics',
        '/profile/live',
        '/profile/promotion',
        '/profile/create',
        `/profile/edit/${first}`,
        '/profile/notifications',
        '/profile/bonuses',
        '/profile/settings',
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
      // The dialogs: bonuses through its link marker, the top-up from the balance.
      await page.goto('/profile#promo');
      await dialogSettled(page);
      const promo = await axeViolations(page);
      if (promo.length) found['#promo'] = promo;
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await page
        .getByRole('button', { name: language === 'ru' ? 'Пополнить' : 'Top up' })
        .first()
        .click();
      // Judged once its opening animation is over, as the promo dialog is: mid-fade its text is pale.
      await dialogSettled(page);
      const topUp = await axeViolations(page);
      if (topUp.length) found['top-up'] = topUp;
      await context.close();
      expect(found).toEqual({});
    });
  }
}

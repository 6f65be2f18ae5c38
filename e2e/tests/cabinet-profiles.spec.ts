import { type APIRequestContext, expect, type Page, test } from '../support/test';
import { DEMO } from '../support/accounts';
import { axeViolations } from '../support/axe';
import { csrfHeader } from '../support/mail';
import { signIn } from '../support/session';
import { DESKTOP, deviceContext, PHONE } from '../support/device';

// What these journeys read of the API's answers (contracts has the full shapes).
interface OwnProfile {
  id: number;
  status: string;
  draft: Record<string, unknown>;
}
interface OwnProfileList {
  items: OwnProfile[];
}
interface ProfilePromotions {
  active: boolean;
  top: { price: number };
  bump: { price: number };
}

async function balanceOf(request: APIRequestContext): Promise<number> {
  const session = (await (await request.get('/api/auth/session')).json()) as {
    profile: { balance: number } | null;
  };
  return session.profile?.balance ?? 0;
}

/** Tops the balance up by `amount` through the sandbox gateway, as a model would: order, confirm page, pay. */
async function topUpThroughSandbox(page: Page, amount: number): Promise<void> {
  const before = await balanceOf(page.request);
  const created = await page.request.post('/api/payments/orders', {
    data: { amount },
    headers: await csrfHeader(page.request),
  });
  expect(created.ok(), await created.text()).toBe(true);
  const { paymentUrl } = (await created.json()) as { paymentUrl: string };
  await page.goto(paymentUrl);
  await page.locator('button[value="pay"]').click();
  await expect(page).toHaveURL(/\/profile\/payment\/crypto\/success/);
  await expect.poll(() => balanceOf(page.request)).toBe(before + amount);
}

async function demoProfile(request: APIRequestContext): Promise<OwnProfile> {
  const list = (await (await request.get('/api/profiles')).json()) as OwnProfileList;
  const first = list.items.find((item) => item.status === 'active');
  if (!first)
    throw new Error(
      `the demo model has no active profile: ${JSON.stringify(list.items.map((i) => i.status))}`,
    );
  return first;
}

test.describe('the model cabinet: my profiles, promotion, main', () => {
  // axe is injected as a script, which the site's CSP (rightly) refuses; its own spec checks the CSP.
  test.use({ bypassCSP: true });

  test.beforeEach(async ({ context, baseURL }) => {
    await signIn(context, baseURL ?? '', DEMO.model, DEMO.password);
  });

  test('a bump bought on the promotion screen puts her profile first in its city; a top she cannot afford asks for a top-up', async ({
    page,
  }) => {
    const profile = await demoProfile(page.request);
    const city = String(profile.draft.city);
    const category = String(profile.draft.category);
    const name = String(profile.draft.name);
    const info = (await (
      await page.request.get(`/api/profiles/${profile.id}/promotions`)
    ).json()) as ProfilePromotions;
    expect(info.active).toBe(true);

    // Exactly the bump's price on the balance: after it, top placement is out of reach.
    const balance = await balanceOf(page.request);
    if (balance < info.bump.price) await topUpThroughSandbox(page, info.bump.price - balance);
    expect(await balanceOf(page.request)).toBeLessThan(info.bump.price + info.top.price);

    await page.goto('/profile/promotion');
    const block = page.getByTestId(`promotion-${profile.id}`);
    await expect(block.getByRole('heading', { name })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await block.getByRole('button', { name: /^Поднять · / }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(/Поднять анкету\?/);
    await dialog.getByRole('button', { name: /^Оплатить / }).click();
    await expect(page.getByText(`«${name}» поднята в начало списка города`)).toBeVisible();
    await expect(block.getByText(/^Последнее поднятие /)).toBeVisible();

    // Then a top placement the rest of the balance does not cover: the top-up is offered.
    await block.getByRole('button', { name: /^Купить топ · / }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /^Оплатить / })
      .click();
    await expect(page.getByText('Недостаточно средств', { exact: false })).toBeVisible();

    // In the catalogue her profile leads its city: first after the paid tops (if any are running).
    await page.goto(`/category/${category}?page=1&city=${city}`);
    await expect(page.getByTestId('model-card').first()).toBeVisible();
    const cards = await page.getByTestId('model-card').evaluateAll((nodes) =>
      nodes.map((node) => ({
        href: node.querySelector('a')?.getAttribute('href') ?? '',
        top: /Топ/.test(node.textContent ?? ''),
      })),
    );
    const firstNotTop = cards.find((card) => !card.top);
    expect(firstNotTop?.href).toMatch(new RegExp(`/girl/${profile.id}$`));
  });

  test('my profiles shows each status, and a profile is deleted only after the confirmation', async ({
    page,
  }) => {
    const created = await page.request.post('/api/profiles', {
      data: { name: 'Черновик', category: 'massage' },
      headers: await csrfHeader(page.request),
    });
    expect(created.status(), await created.text()).toBe(201);
    const draft = (await created.json()) as OwnProfile;
    const active = await demoProfile(page.request);

    await page.goto('/profile');
    const draftCard = page.getByTestId(`profile-card-${draft.id}`);
    await expect(draftCard.getByText('Черновик', { exact: true }).last()).toBeVisible();
    await expect(
      page.getByTestId(`profile-card-${active.id}`).getByText('Активна', { exact: true }),
    ).toBeVisible();
    await expect(draftCard.getByRole('link', { name: 'Дозаполнить' })).toHaveAttribute(
      'href',
      `/profile/edit/${draft.id}`,
    );
    expect(await axeViolations(page)).toEqual([]);

    await draftCard.getByRole('button', { name: 'Удалить' }).click();
    const dialog = page.getByRole('dialog', { name: 'Удалить анкету?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Отмена' }).last().click();
    await expect(dialog).toBeHidden();
    await expect(draftCard).toBeVisible();

    await draftCard.getByRole('button', { name: 'Удалить' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Удалить' }).click();
    await expect(draftCard).toBeHidden();
    await expect(page.getByText('Анкета удалена')).toBeVisible();
    const left = (await (await page.request.get('/api/profiles')).json()) as OwnProfileList;
    expect(left.items.map((item) => item.id)).not.toContain(draft.id);
  });

  test('a confirmation focuses its first button on a desktop and nothing inside on a phone (no keyboard pops up)', async ({
    browser,
    baseURL,
  }) => {
    const focusedIn = async (width: number) => {
      const context = await deviceContext(browser, baseURL, { width, height: PHONE.height });
      await signIn(context, baseURL ?? '', DEMO.model, DEMO.password);
      const page = await context.newPage();
      await page.goto('/profile');
      await page.getByRole('button', { name: 'Удалить' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Удалить анкету?' });
      await expect(dialog).toBeVisible();
      const focused = await page.evaluate(() => {
        const active = document.activeElement;
        return active?.getAttribute('role') ?? active?.tagName.toLowerCase() ?? '';
      });
      await context.close();
      return focused;
    };
    expect(await focusedIn(DESKTOP.width)).toBe('button');
    expect(await focusedIn(PHONE.width)).toBe('dialog');
  });

  test('main draws the views chart with uPlot, which my profiles never downloads', async ({ page }) => {
    // Each script's text, kept as the promise of it: a body read after the screen showed is
    // still counted (pushed once read, uPlot's came in after its chart was drawn).
    const scripts: Promise<string>[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('.js')) scripts.push(response.text().catch(() => ''));
    });
    const downloaded = async (name: string) =>
      (await Promise.all(scripts)).some((text) => text.includes(name));
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Мои анкеты', level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await downloaded('uplot')).toBe(false);

    await page.getByTestId('cabinet-nav-analytics').click();
    await expect(page.getByTestId('views-chart').locator('canvas')).toBeVisible();
    expect(await downloaded('uplot')).toBe(true);
    await expect(page.getByTestId('views-table')).toBeAttached();
    expect(await axeViolations(page)).toEqual([]);
  });
});

import {
  type APIRequestContext,
  expect,
  type Page,
  request as playwrightRequest,
  test,
} from '../support/test';
import { csrfHeader, registerThroughApi, uniqueEmail } from '../support/mail';

// Ads in the catalogue, from the visitor's side: a published city campaign is served on that
// city's listing after the cards, in a box whose space was kept from the first paint, and its
// impression is counted once it has been half on screen for a second, once per visitor an hour.

/** Headless Chromium says "HeadlessChrome", which the API rightly refuses to count as a person. */
const PERSON_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

interface Stats {
  totals: { impressions: number; clicks: number; spend: number };
}

/** Today in Moscow, the ads' time zone (days of a campaign start at midnight there). */
function moscowDay(offsetDays = 0): string {
  const day = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Moscow',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
  return new Date(Date.parse(`${day}T00:00:00Z`) + offsetDays * 86_400_000).toISOString().slice(0, 10);
}

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['get']>>, what: string): Promise<T> {
  expect(response.ok(), `${what}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/**
 * A new advertiser with money on the balance (through the sandbox gateway, as a person would pay),
 * and a published campaign pinned in `city` that sends clicks to `link`.
 */
async function publishedCityCampaign(baseURL: string, city: string, link: string) {
  const advertiser = await playwrightRequest.newContext({ baseURL });
  await registerThroughApi(advertiser, {
    email: uniqueEmail('ads-widget'),
    password: 'advertiser-password',
    accountType: 'advister',
  });

  const { paymentUrl } = await ok<{ paymentUrl: string }>(
    await advertiser.post('/api/payments/orders', {
      data: { amount: 50_000 },
      headers: await csrfHeader(advertiser),
    }),
    'top-up order',
  );
  const checkout = new URL(paymentUrl, baseURL);
  const paid = await advertiser.post(checkout.pathname, {
    form: { token: checkout.searchParams.get('token') ?? '', outcome: 'pay' },
    maxRedirects: 0,
  });
  expect(paid.status(), await paid.text()).toBe(303);

  const headers = await csrfHeader(advertiser);
  const campaign = await ok<{ id: number | string }>(
    await advertiser.post('/api/campaigns', {
      headers,
      data: {
        format: 'banner',
        heading: 'Цветочная мастерская',
        description: 'Свежие букеты с доставкой за час.',
        link,
        buttonText: 'Узнать цены',
        placement: 'cities',
        cities: [city],
        pricing: 'days',
        startsOn: moscowDay(0),
        endsOn: moscowDay(2),
      },
    }),
    'create campaign',
  );
  await ok(await advertiser.post(`/api/campaigns/${campaign.id}/submit`, { headers }), 'submit campaign');

  const admin = await playwrightRequest.newContext({ baseURL });
  await ok(
    await admin.post('/api/auth/login', {
      data: { email: 'admin@anketa.local', password: 'admin-e2e-password' },
      headers: await csrfHeader(admin),
    }),
    'admin login',
  );
  await ok(
    await admin.post(`/api/admin-panel/moderation/campaigns/${campaign.id}/approve`, {
      headers: await csrfHeader(admin),
    }),
    'approve campaign',
  );
  await admin.dispose();

  const stats = async () =>
    (await ok<Stats>(await advertiser.get(`/api/campaigns/${campaign.id}/stats?days=30`), 'stats')).totals;
  return { stats, dispose: () => advertiser.dispose() };
}

/**
 * Before the page's own scripts: when the first profile card and the first ad enter the document,
 * and every layout shift (the browser's own CLS entries).
 */
async function watchPaint(page: Page) {
  await page.addInitScript(() => {
    const seen: Record<string, number> = {};
    const shifts: { value: number; inListing: boolean; sources: string[] }[] = [];
    Object.assign(window, { __adsWatch: { seen, shifts } });
    new MutationObserver(() => {
      // One time per batch of changes: what one render inserted is seen at the same moment.
      const now = performance.now();
      for (const [name, selector] of [
        ['card', '[data-testid="model-card"]'],
        ['ad', '[data-testid="ad-card"]'],
        ['slot', '[data-testid="ad-slot"]'],
      ] as const) {
        if (seen[name] === undefined && document.querySelector(selector)) seen[name] = now;
      }
    }).observe(document, { childList: true, subtree: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node | null }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        // The catalogue's page: the ad box and its siblings (heading, filters, cards).
        const listing = document.querySelector('[data-testid="ad-slot"]')?.parentElement;
        const nodes = (entry.sources ?? []).map((source) => source.node);
        shifts.push({
          value: entry.value,
          inListing: nodes.some((node) => !!node && !!listing?.contains(node)),
          sources: nodes.map((node) =>
            node instanceof Element ? node.outerHTML.slice(0, 120) : String(node),
          ),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return () =>
    page.evaluate(
      () =>
        (
          window as unknown as {
            __adsWatch: {
              seen: Record<string, number>;
              shifts: { value: number; inListing: boolean; sources: string[] }[];
            };
          }
        ).__adsWatch,
    );
}

const listingShifts = (shifts: { value: number; inListing: boolean; sources: string[] }[]) =>
  shifts.filter((shift) => shift.inListing);

test.use({ userAgent: PERSON_UA, viewport: { width: 1280, height: 800 } });

test("a city's listing shows its ad after the cards without moving them, counts one impression an hour, and the click goes through our redirect", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const origin = baseURL ?? '';
  const city = 'saint-petersburg';
  const landing = `${origin}/price?from=ad`;
  const campaign = await publishedCityCampaign(origin, city, landing);

  const watch = await watchPaint(page);
  const impressions: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/ads/impressions'))
      impressions.push(request.postDataJSON().token as string);
  });

  const listing = `/category/individual?page=1&city=${city}`;
  await page.goto(listing);
  const ad = page.getByTestId('ad-card');
  await expect(ad).toHaveCount(1);
  await expect(ad.getByRole('heading')).toHaveText('Цветочная мастерская');
  await expect(ad).toContainText('Реклама');
  const button = ad.getByRole('link', { name: /Узнать цены/ });
  await expect(button).toHaveAttribute('rel', 'sponsored noopener');
  await expect(button).toHaveAttribute('target', '_blank');
  await expect(button).toHaveAttribute('href', /^\/api\/ads\/click\/[A-Za-z0-9_.-]+$/);

  // The ad is half or more on screen from the start: one report after a second, and it counts.
  await expect.poll(() => impressions.length, { timeout: 5_000 }).toBe(1);
  await expect.poll(async () => (await campaign.stats()).impressions).toBe(1);

  const { seen, shifts } = await watch();
  expect(seen.slot, 'the ad box is in the first render of the listing').toBeLessThanOrEqual(seen.card ?? 0);
  expect(seen.card, 'the first card is in before the ad').toBeLessThan(seen.ad ?? 0);
  // The shell's header has shifts of its own (its slogan); nothing of the listing may move.
  expect(listingShifts(shifts), 'no layout shift in the listing (CLS 0)').toEqual([]);

  // A second view of the page within the hour: a new token is served and reported, not counted.
  await page.reload();
  await expect(ad).toHaveCount(1);
  await expect.poll(() => impressions.length, { timeout: 5_000 }).toBe(2);
  expect(impressions[1]).not.toBe(impressions[0]);
  // The server answers 204 either way; give it the time a count would take, then look.
  await page.waitForTimeout(500);
  expect((await campaign.stats()).impressions).toBe(1);

  // The button opens the advertiser's page in a new tab, through our counting redirect.
  const [popup] = await Promise.all([page.waitForEvent('popup'), button.click()]);
  await popup.waitForLoadState();
  expect(popup.url()).toBe(landing);
  await expect.poll(async () => (await campaign.stats()).clicks).toBe(1);

  await campaign.dispose();
});

test('the main page keeps the ad box the same size when there is nothing to show, with no layout shift', async ({
  page,
}) => {
  const watch = await watchPaint(page);
  await page.goto('/');
  const slot = page.getByTestId('ad-slot');
  await expect(slot).toHaveAttribute('data-state', /ads|empty/);
  const settled = await slot.boundingBox();
  expect(settled?.height).toBeGreaterThan(100);
  // Hold the answer back to see the placeholder: it has the settled box's height.
  await page.route('**/api/ads?**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  await page.reload();
  await expect(page.getByTestId('model-card').first()).toBeVisible();
  await expect(slot).toHaveAttribute('data-state', 'loading');
  expect((await slot.boundingBox())?.height).toBe(settled?.height);
  await expect(slot).toHaveAttribute('data-state', /ads|empty/, { timeout: 5_000 });
  const { shifts } = await watch();
  // The shell's header has shifts of its own (its slogan); nothing of the listing may move.
  expect(listingShifts(shifts), 'no layout shift in the listing (CLS 0)').toEqual([]);
});

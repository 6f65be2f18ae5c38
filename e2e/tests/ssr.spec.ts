import { readFileSync, writeFileSync } from 'node:fs';
import { serverOf } from '../support/servers';
import {
  type APIRequestContext,
  type ConsoleMessage,
  expect,
  gotoWithoutWaiting,
  type Page,
  test,
} from '../support/test';
import { DEMO } from '../support/accounts';
import { deviceContext, PHONE } from '../support/device';
import { onlineModels, signIn } from '../support/session';

/**
 * Public pages come from the server whole (header, cards, texts, links), hydrate in the browser
 * without errors or a second fetch of their data, read without JavaScript, and survive a remote
 * whose server code is missing or broken.
 */

/** The registry file the server of this journey's worker reads. */
const registryFile = () => serverOf(test.info().parallelIndex).registry;

/** Points the catalogue's server entry elsewhere for the length of `body`. */
async function withCatalogServerEntry(ssr: string, body: () => Promise<void>) {
  const original = readFileSync(registryFile(), 'utf8');
  const registry = JSON.parse(original) as Record<
    string,
    { entry?: string; ssr?: string; routes?: string[] }
  >;
  // The catalogue keeps the routes it declares (they say which paths it owns); its pin goes.
  registry.mfe_catalog = {
    entry: '/mfe/catalog/mf-manifest.json',
    ssr,
    routes: registry.mfe_catalog?.routes,
  };
  writeFileSync(registryFile(), JSON.stringify(registry));
  try {
    await body();
  } finally {
    writeFileSync(registryFile(), original);
  }
}

/** The catalogue's pages this worker's server answered so far one way (its /metrics, `ssr_pages_total`). */
async function cataloguePages(request: APIRequestContext, result: 'not_modified' | 'area_in_browser') {
  const metrics = await (await request.get('/metrics')).text();
  const series = `ssr_pages_total{remote="catalog",result="${result}"} `;
  const line = metrics.split('\n').find((candidate) => candidate.startsWith(series));
  return line === undefined ? 0 : Number(line.slice(series.length));
}

/** Console errors and React's hydration complaints, and the listing and profile reads, of a page. */
function watch(page: Page) {
  const problems: string[] = [];
  const dataReads: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error' || /hydrat|did not match/i.test(message.text()))
      problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (/^\/api\/(model(\/\d+)?|tipping-prices|constants)$/.test(url.pathname)) dataReads.push(url.pathname);
  });
  return { problems, dataReads };
}

test.describe('server-rendered pages', () => {
  test('the HTML holds the listing: cards with names, prices and photos, real links, head tags', async ({
    request,
  }) => {
    const response = await request.get('/');
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain('<html lang="ru"');
    expect(html).toMatch(/<title>Индивидуалки — каталог анкет<\/title>/);
    // Cards: a photo with its size, the name and a price, inside a link to the profile.
    const cards = html.match(/data-testid="model-card"/g) ?? [];
    expect(cards.length).toBeGreaterThan(10);
    expect(html).toMatch(/<a [^>]*href="\/girl\/\d+"/);
    expect(html).toMatch(/<img [^>]*width="\d+"[^>]*height="\d+"/);
    expect(html).toMatch(/<img [^>]*sizes="/);
    expect(html).toMatch(/₽ \/ час/);
    // Pagination and the category bar are links a crawler (or a browser without scripts) follows.
    expect(html).toMatch(/<a [^>]*href="\/category\/individual\?page=2"/);
    expect(html).toMatch(/<a [^>]*href="\/category\/massage\?page=1"/);
    // The language's addresses.
    expect(html).toContain('<link rel="canonical" href="http://localhost:');
    expect(html).toMatch(/<link rel="alternate" hreflang="en" href="http:\/\/localhost:\d+\/en"/);
    expect(html).toMatch(/<link rel="alternate" hreflang="x-default" href="http:\/\/localhost:\d+\/"/);
    // The data the page was rendered from, handed to the browser.
    expect(html).toContain('<script type="application/json" id="page-state">');
    // The first card's photo is asked for in the head, before any script.
    const firstPhoto = /<img [^>]*src="([^"]+)"/.exec(html)?.[1] ?? '';
    const preload = html.indexOf(`<link rel="preload" as="image" href="${firstPhoto}"`);
    expect(firstPhoto).not.toBe('');
    expect(preload).toBeGreaterThan(0);
    expect(preload).toBeLessThan(html.indexOf('<script'));

    const english = await (await request.get('/en/category/massage?page=1')).text();
    expect(english).toContain('<html lang="en"');
    expect(english).toContain('<title>Massage — profile catalogue</title>');
    expect(english).toMatch(/<a [^>]*href="\/en\/girl\/\d+"/);
    expect(english).toMatch(/<link rel="canonical" href="http:\/\/localhost:\d+\/en\/category\/massage"/);
  });

  test('a profile and the price page are in the HTML; missing pages answer 404', async ({ request }) => {
    const listing = await (await request.get('/')).text();
    const id = /href="\/girl\/(\d+)"/.exec(listing)?.[1];
    expect(id).toBeTruthy();
    const profile = await request.get(`/girl/${id}`);
    expect(profile.status()).toBe(200);
    const profileHtml = await profile.text();
    expect(profileHtml).toContain('data-testid="model-page"');
    expect(profileHtml).toMatch(/<h1[^>]*>[^<]+<!-- -->, <!-- -->\d+/);
    expect(profileHtml).toMatch(/— анкета<\/title>/);
    const profilePhoto = /<img [^>]*src="([^"]+)"/.exec(
      profileHtml.slice(profileHtml.indexOf('model-page')),
    )?.[1];
    expect(profileHtml).toContain(`<link rel="preload" as="image" href="${profilePhoto}"`);

    const price = await (await request.get('/en/price')).text();
    expect(price).toContain('<title>Prices for placement and advertising</title>');
    expect(price).toMatch(/<table/);

    for (const missing of ['/category/unknown', '/no-such-page', '/en/no-such-page']) {
      const answer = await request.get(missing);
      expect(answer.status(), missing).toBe(404);
      const html = await answer.text();
      expect(html).toContain('data-testid="not-found"');
      expect(html).toContain('<meta name="robots" content="noindex" />');
    }
    // A profile id that is none: its own page, whole in the HTML (heading, categories, profiles).
    for (const [path, title] of [
      ['/girl/999999999', 'Анкета не найдена'],
      ['/en/girl/999999999', 'Profile not found'],
    ] as const) {
      const answer = await request.get(path);
      expect(answer.status(), path).toBe(404);
      const html = await answer.text();
      expect(html).toContain('data-testid="model-not-found"');
      expect(html).not.toContain('data-testid="not-found"');
      expect(html).toContain(`<title>${title}</title>`);
      expect(html).toMatch(new RegExp(`<h1[^>]*>${title}</h1>`));
      expect(html).toContain('<meta name="robots" content="noindex" />');
      expect(html).not.toContain('rel="canonical"');
      const prefix = path.startsWith('/en') ? '/en' : '';
      expect(html).toMatch(new RegExp(`<a [^>]*href="${prefix}/category/bdsm\\?page=1"`));
      const offered = html.slice(html.indexOf('data-testid="model-alternatives"'));
      expect(offered).toMatch(new RegExp(`<a [^>]*href="${prefix}/girl/\\d+"`));
    }
  });

  test('signed-in areas stay client-rendered and out of search engines', async ({ request }) => {
    for (const path of ['/profile', '/advister', '/admin', '/login/girl', '/en/profile']) {
      const answer = await request.get(path);
      expect(answer.status(), path).toBe(200);
      expect(answer.headers()['x-robots-tag'], path).toBe('noindex');
      expect(await answer.text(), path).not.toContain('id="page-state"');
    }
  });

  for (const language of ['ru', 'en'] as const) {
    test(`hydrates without errors or a second read of its data (${language})`, async ({ page }) => {
      const prefix = language === 'en' ? '/en' : '';
      const { problems, dataReads } = watch(page);
      for (const path of [prefix || '/', `${prefix}/category/massage?page=1`, `${prefix}/price`]) {
        await page.goto(path);
        await expect(page.getByTestId('burger')).toBeVisible();
        await page.waitForLoadState('networkidle');
        await expect(page.locator('html')).toHaveAttribute('lang', language);
      }
      await page.goto(`${prefix}/category/individual?page=1`);
      const href = await page.getByTestId('model-card').first().getByRole('link').getAttribute('href');
      expect(href).toMatch(new RegExp(`^${prefix}/girl/\\d+$`));
      await page.goto(href ?? '/');
      await expect(page.getByTestId('model-page')).toBeVisible();
      await page.waitForLoadState('networkidle');

      expect(problems).toEqual([]);
      // Every page above came with its data: the browser read none of it again.
      expect(dataReads).toEqual([]);

      // Hydrated: the page answers clicks (a client-side move, then the other language).
      await page
        .getByRole('link', { name: language === 'en' ? 'Prices' : 'Прайс' })
        .first()
        .click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/price$`));
      await expect(page.locator('table').first()).toBeVisible();
    });
  }

  test("a page the browser holds is answered 304 on a reload, and hydrates from the browser's copy", async ({
    page,
    request,
  }) => {
    const notModified = () => cataloguePages(request, 'not_modified');
    await page.goto('/category/individual?page=1');
    const href = (await page.getByTestId('model-card').first().getByRole('link').getAttribute('href')) ?? '/';

    // A crawler coming back with the validator it was given: no body. (The header's counters are
    // in the page too: a model coming online between two requests is another page, so the pair is
    // tried again.)
    await expect(async () => {
      const first = await request.get(href);
      const etag = first.headers().etag ?? '';
      expect(etag).toMatch(/^W\/"/);
      expect(first.headers()['cache-control']).toBe('no-cache');
      const again = await request.get(href, { headers: { 'if-none-match': etag } });
      expect(again.status()).toBe(304);
      expect(await again.body()).toHaveLength(0);
      // The page in the other language is another page.
      expect((await request.get(`/en${href}`, { headers: { 'if-none-match': etag } })).status()).toBe(200);
    }).toPass({ timeout: 15_000 });

    // What a 304 rests on: a page read twice with the same tag is the same page, byte for byte but
    // for the times its data was read at and the header's online count, which the page keeps
    // current itself (a render that read a clock or drew a random number would send a browser's
    // stale copy as current).
    const readTimes = /"(?:dehydratedAt|dataUpdatedAt|errorUpdatedAt)":\d+/g;
    const content = (html: string) =>
      html
        .replace(readTimes, '')
        .replace(/"data":\{"count":\d+\}/, '"data":{"count":0}')
        .replace(
          /<a[^>]* data-testid="online-counter"[^>]*>[\s\S]*?<\/a>/,
          '<a data-testid="online-counter"></a>',
        );
    for (const path of ['/', '/en/category/massage?page=2', href, '/price']) {
      await expect(async () => {
        const [one, two] = [await request.get(path), await request.get(path)];
        expect(one.headers().etag, path).toBe(two.headers().etag);
        const [first, second] = [await one.text(), await two.text()];
        expect(first, path).toContain('data-testid="online-counter"');
        expect(content(first), path).toBe(content(second));
      }).toPass({ timeout: 15_000 });
    }

    // A browser's reload revalidates its copy and hydrates it: the same page, working.
    const { problems } = watch(page);
    await page.goto(href);
    await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
    await expect(async () => {
      const before = await notModified();
      await page.reload();
      expect(await notModified()).toBe(before + 1);
    }).toPass({ timeout: 15_000 });
    await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
    await expect(page.getByTestId('model-page')).toBeVisible();
    await page.getByRole('link', { name: 'Прайс' }).first().click();
    await expect(page).toHaveURL(/\/price$/);
    expect(problems).toEqual([]);
  });

  test("a model coming online does not make every page new: the header's online count is left out of the page's tag and date", async ({
    browser,
    baseURL,
    request,
  }) => {
    const onlineCount = () => onlineModels(request);
    const count = await onlineCount();
    const first = await request.get('/price');
    const { etag } = first.headers();
    expect(await first.text()).toContain(`aria-label="${count} онлайн`);
    const model = await browser.newContext({ baseURL });
    try {
      await signIn(model, baseURL ?? '', DEMO.model, DEMO.password);
      const cabinet = await model.newPage();
      await cabinet.goto('/profile');
      await expect.poll(onlineCount, { timeout: 10_000 }).toBe(count + 1);
      // The page shows the new figure (once the shared copy of the last 2 s is gone), under the same
      // tag and date: a crawler or a reload holding the page gets its 304.
      await expect(async () => {
        const now = await request.get('/price');
        expect(await now.text()).toContain(`aria-label="${count + 1} онлайн`);
        expect(now.headers().etag).toBe(etag);
        expect(now.headers()['last-modified']).toBe(first.headers()['last-modified']);
      }).toPass({ timeout: 10_000 });
      expect((await request.get('/price', { headers: { 'if-none-match': etag ?? '' } })).status()).toBe(304);
    } finally {
      await model.close();
    }
    // Offline again before the next test on this server counts the models online.
    await expect.poll(onlineCount, { timeout: 10_000 }).toBe(count);
  });

  test('a crawler that asks by date (as Yandex does) gets a 304 for a page that did not change since', async ({
    request,
  }) => {
    const notModified = () => cataloguePages(request, 'not_modified');
    const listing = await request.get('/category/individual?page=1');
    const href = /href="(\/girl\/\d+)"/.exec(await listing.text())?.[1] ?? '/';
    // The date a page has been the same since: never later than the answer, and the same on the
    // next request (a profile whose model comes online is another page, so the pair is tried again).
    await expect(async () => {
      const first = await request.get(href);
      const date = first.headers()['last-modified'] ?? '';
      expect(Date.parse(date)).toBeLessThanOrEqual(Date.parse(first.headers().date ?? ''));
      // A page first sent this second is dated by it; the next second it is the same.
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      const before = await notModified();
      const again = await request.get(href, { headers: { 'if-modified-since': date } });
      expect(again.status()).toBe(304);
      expect(await again.body()).toHaveLength(0);
      expect(again.headers()['last-modified']).toBe(date);
      expect(again.headers().etag).toBe(first.headers().etag);
      expect(await notModified()).toBe(before + 1);
      // A copy from before that date is not the page.
      const older = new Date(Date.parse(date) - 1_000).toUTCString();
      expect((await request.get(href, { headers: { 'if-modified-since': older } })).status()).toBe(200);
      // Nor is the page in the other language, another page with its own date.
      const english = await request.get(`/en${href}`);
      expect(english.headers()['last-modified']).toBeTruthy();
    }).toPass({ timeout: 20_000 });
    // A page that is not there has no date to compare.
    const missing = await request.get('/girl/999999999', {
      headers: { 'if-modified-since': new Date().toUTCString() },
    });
    expect([404, 410]).toContain(missing.status());
    expect(missing.headers()['last-modified']).toBeUndefined();
  });

  test('the language switch keeps the page and gives it its address in the other language', async ({
    page,
  }) => {
    await page.goto('/category/massage?page=1');
    await expect(page.getByRole('heading', { level: 1, name: 'Массаж' })).toBeVisible();
    await page.getByRole('button', { name: 'en' }).click();
    await expect(page).toHaveURL(/\/en\/category\/massage\?page=1$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Massage' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    // Links now lead to English addresses.
    await expect(page.getByTestId('model-card').first().getByRole('link')).toHaveAttribute(
      'href',
      /^\/en\/girl\//,
    );
    await page.goBack();
    await expect(page).toHaveURL(/\/category\/massage\?page=1$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Массаж' })).toBeVisible();

    // The choice is remembered: a Russian address opened later leads to its English one.
    await page.getByRole('button', { name: 'en' }).click();
    await expect(page).toHaveURL(/\/en\/category\/massage/);
    await page.goto('/price');
    await expect(page).toHaveURL(/\/en\/price$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Prices/);
  });

  test("the page's scripts start once its photos have loaded, or at once when the visitor acts", async ({
    browser,
  }) => {
    /** A page whose photos are held back until `release`, and the scripts it asked for meanwhile. */
    async function heldPhotos() {
      const context = await browser.newContext();
      const page = await context.newPage();
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route(/\/media\//, async (route) => {
        await held;
        await route.continue();
      });
      const scripts: string[] = [];
      page.on('request', (request) => {
        const { pathname } = new URL(request.url());
        if (pathname.endsWith('.js') && !/^\/boot\.[0-9a-f]+\.js$/.test(pathname)) scripts.push(pathname);
      });
      await gotoWithoutWaiting(page, '/', { waitUntil: 'domcontentloaded' });
      await expect(page.getByTestId('model-card').first()).toBeVisible();
      return { page, context, scripts, release };
    }
    const hydrated = (page: Page) => page.locator('html[data-hydrated="true"]');

    const waiting = await heldPhotos();
    await waiting.page.waitForTimeout(1000);
    expect(waiting.scripts).toEqual([]);
    waiting.release();
    await expect(hydrated(waiting.page)).toBeAttached();
    expect(waiting.scripts.some((script) => /^\/main\.[0-9a-f]+\.js$/.test(script))).toBe(true);
    await waiting.context.close();

    // A key press is the visitor about to act: the scripts start while the photos are still loading.
    const acting = await heldPhotos();
    await acting.page.keyboard.press('Tab');
    await expect(hydrated(acting.page)).toBeAttached({ timeout: 2500 });
    acting.release();
    await acting.context.close();
  });

  test('the boot script is named by its content and served immutable; a page load never asks for it again', async ({
    request,
  }) => {
    const html = await (await request.get('/')).text();
    const src = /<script defer src="(\/boot\.[0-9a-f]{8}\.js)"/.exec(html)?.[1];
    expect(src).toBeTruthy();
    const boot = await request.get(src ?? '');
    expect(boot.status()).toBe(200);
    expect(boot.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  test('on a phone, a tap on the menu button before the scripts have run opens the menu once they have', async ({
    browser,
    baseURL,
  }) => {
    const phone = await deviceContext(browser, baseURL, PHONE);
    const page = await phone.newPage();
    // The photos are held: the scripts wait for them, so the tap lands on the server's HTML.
    await page.route(/\/media\//, () => undefined);
    await gotoWithoutWaiting(page, '/', { waitUntil: 'domcontentloaded' });
    await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(0);
    await page.getByTestId('burger').tap();
    await expect(page.getByRole('dialog', { name: 'Меню' })).toBeVisible();
    await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
    await phone.close();
  });

  test('without JavaScript a visitor browses categories, pages and profiles', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByTestId('model-card').first()).toBeVisible();
    await page.getByRole('navigation').getByRole('link', { name: 'Массаж' }).first().click();
    await expect(page).toHaveURL(/\/category\/massage\?page=1$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Массаж' })).toBeVisible();
    await page.getByRole('navigation').getByRole('link', { name: 'Индивидуалки' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Индивидуалки' })).toBeVisible();
    const firstName = await page.getByTestId('model-card').first().getByRole('heading').textContent();
    await page.getByRole('link', { name: 'Страница 2' }).first().click();
    await expect(page).toHaveURL(/\/category\/individual\?page=2$/);
    await expect(page.getByTestId('model-card').first().getByRole('heading')).not.toHaveText(firstName ?? '');
    await page.getByTestId('model-card').first().getByRole('link').click();
    await expect(page).toHaveURL(/\/girl\/\d+$/);
    await expect(page.getByTestId('model-page').getByRole('heading', { level: 1 })).toBeVisible();
    // Styled without scripts too: the stylesheets are in the page itself.
    expect(await page.locator('style[data-href$=".css"]').count()).toBeGreaterThan(1);
    expect(await page.locator('link[rel="stylesheet"]').count()).toBe(0);
    const position = await page
      .getByTestId('category-nav')
      .evaluate((element) => getComputedStyle(element).position);
    expect(position).toBe('sticky');
    await context.close();
  });

  test('a catalogue whose server entry is missing renders in the browser; the page never fails whole', async ({
    page,
    request,
  }) => {
    await withCatalogServerEntry('/mfe/catalog/server/no-such-file.js', async () => {
      const leftToBrowser = () => cataloguePages(request, 'area_in_browser');
      const before = await leftToBrowser();
      // Filters that leave the list whole, which no other journey sets: an address the page cache
      // keeps apart from `/` (it keys on the parameters a page reads, never on made-up ones).
      const answer = await request.get('/?ageMin=18');
      expect(answer.status()).toBe(200);
      // Operators see it: the page was answered without the catalogue's server code.
      expect(await leftToBrowser()).toBe(before + 1);
      const html = await answer.text();
      // The shell is rendered; the catalogue's area is left to the browser.
      expect(html).toContain('data-testid="burger"');
      expect(html).not.toContain('data-testid="model-card"');

      await page.goto('/?ageMax=60');
      await expect(page.getByTestId('model-card').first()).toBeVisible();
      await expect(page.getByTestId('remote-fallback')).toHaveCount(0);
    });
  });

  test('a catalogue whose server entry throws renders in the browser; the page never fails whole', async ({
    page,
    request,
  }) => {
    await withCatalogServerEntry(
      'data:text/javascript,throw%20new%20Error(%22broken%20server%20build%22)',
      async () => {
        const answer = await request.get('/en?ageMin=18');
        expect(answer.status()).toBe(200);
        const html = await answer.text();
        expect(html).toContain('<html lang="en"');
        expect(html).toContain('data-testid="burger"');
        expect(html).not.toContain('data-testid="model-card"');

        await page.goto('/en?ageMax=60');
        await expect(page.getByTestId('model-card').first()).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      },
    );
    // Repointed back, the next page is rendered on the server again.
    const again = await (await request.get('/?ageMin=18&ageMax=60')).text();
    expect(again).toContain('data-testid="model-card"');
  });
});

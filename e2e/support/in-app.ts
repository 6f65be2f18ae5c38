import type { Page, Request } from '@playwright/test';

/**
 * Runs `action` and waits until the page has had no request in flight for `quietMs`: Playwright's
 * `networkidle`, which a document reaches once, made again for a move inside the app.
 */
export async function afterNetworkQuiet(
  page: Page,
  action: () => Promise<unknown>,
  { quietMs = 500, timeoutMs = 15_000 } = {},
): Promise<void> {
  const inFlight = new Set<Request>();
  let lastChange = Date.now();
  const started = (request: Request) => {
    inFlight.add(request);
    lastChange = Date.now();
  };
  const ended = (request: Request) => {
    if (inFlight.delete(request)) lastChange = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  try {
    await action();
    const deadline = Date.now() + timeoutMs;
    while (inFlight.size > 0 || Date.now() - lastChange < quietMs) {
      if (Date.now() > deadline) {
        const pending = [...inFlight].map((request) => request.url()).join(', ');
        throw new Error(`the network was not quiet within ${timeoutMs} ms (in flight: ${pending || 'none'})`);
      }
      await page.waitForTimeout(50);
    }
  } finally {
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  }
}

/**
 * Shows `path` (without the language prefix) in a page the app already runs in, the way its links
 * do: a new history entry the router follows, with no document load. The first screen of a page
 * is loaded with `goto`. Screens judged one after another (axe) cost a document load, the app's
 * scripts and a hydration each otherwise, which repeat nothing the judging is about.
 */
export async function showScreen(page: Page, path: string): Promise<void> {
  if (page.url() === 'about:blank') {
    await page.goto(path);
    return;
  }
  await afterNetworkQuiet(page, () =>
    page.evaluate((to) => {
      const { pathname } = window.location;
      const prefix = pathname === '/en' || pathname.startsWith('/en/') ? '/en' : '';
      window.history.pushState(null, '', `${prefix}${to}`);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path),
  );
}

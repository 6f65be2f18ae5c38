import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';

/** Signs a browser context in through the real API, as the sign-in form would. */
export async function signIn(
  context: BrowserContext,
  baseURL: string,
  email: string,
  password: string,
): Promise<void> {
  await context.request.get(`${baseURL}/api/health`);
  const csrf = (await context.cookies(baseURL)).find((cookie) => cookie.name === 'csrf_token')?.value ?? '';
  const response = await context.request.post(`${baseURL}/api/auth/login`, {
    data: { email, password },
    headers: { 'x-csrf-token': csrf },
  });
  if (!response.ok()) throw new Error(`login failed: ${response.status()} ${await response.text()}`);
}

/** How many visible profiles the API counts online now (the header's figure). */
export async function onlineModels(request: APIRequestContext): Promise<number> {
  return ((await (await request.get('/api/model/online-count')).json()) as { count: number }).count;
}

/** Counts the presence sockets and visit calls a page makes. */
export function watchPresence(page: Page) {
  const seen = { sockets: 0, visits: 0 };
  page.on('websocket', (socket) => {
    if (socket.url().endsWith('/ws/online')) seen.sockets += 1;
  });
  page.on('request', (request) => {
    if (request.method() === 'PATCH' && request.url().endsWith('/api/admin-panel/analytics'))
      seen.visits += 1;
  });
  return seen;
}

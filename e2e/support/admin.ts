import type { APIRequestContext, Browser, BrowserContext } from '@playwright/test';
import { type DeviceOptions, deviceContext } from './device';
import { csrfHeader } from './mail';
import { signIn } from './session';

/** The administrator the e2e server is started with (ADMIN_PASSWORD in playwright.config.ts). */
export const ADMIN = { email: 'admin@anketa.local', password: 'admin-e2e-password' } as const;

/** A browser context signed in as the administrator, in the given language (ru unless said), ready for axe. */
export async function adminContext(
  browser: Browser,
  baseURL: string,
  options: Omit<DeviceOptions, 'axe'> = {},
): Promise<BrowserContext> {
  const context = await deviceContext(browser, baseURL, { language: 'ru', ...options, axe: true });
  await signIn(context, baseURL, ADMIN.email, ADMIN.password);
  return context;
}

/** Calls an admin endpoint with the context's session and CSRF token. */
export async function adminCall(
  request: APIRequestContext,
  method: 'post' | 'put',
  path: string,
  data?: unknown,
) {
  const response = await request[method](path, { data, headers: await csrfHeader(request) });
  if (!response.ok()) throw new Error(`${method} ${path}: ${response.status()} ${await response.text()}`);
  return response.json();
}

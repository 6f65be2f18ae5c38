import type { APIRequestContext, Browser, BrowserContext } from '@playwright/test';
import { csrfHeader } from './mail';
import { signIn } from './session';

/** The administrator the e2e server is started with (ADMIN_PASSWORD in playwright.config.ts). */
export const ADMIN = { email: 'admin@anketa.local', password: 'admin-e2e-password' } as const;

/** A browser context signed in as the administrator, in the given language. */
export async function adminContext(
  browser: Browser,
  baseURL: string,
  options: { language?: 'ru' | 'en'; width?: number; height?: number } = {},
): Promise<BrowserContext> {
  const phone = (options.width ?? 1280) < 500;
  const context = await browser.newContext({
    baseURL,
    viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
    isMobile: phone,
    // axe is injected as a script, which the site's CSP rightly refuses (csp.spec.ts tests it).
    bypassCSP: true,
    locale: options.language === 'en' ? 'en-GB' : 'ru-RU',
  });
  await context.addInitScript((lang) => localStorage.setItem('lang', lang), options.language ?? 'ru');
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

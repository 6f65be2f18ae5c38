import type { Browser, BrowserContext } from '@playwright/test';

/** The phone the journeys use: 390 px wide, as the spec's narrowest layout. */
export const PHONE = { width: 390, height: 844 } as const;
/** The desktop the journeys use. */
export const DESKTOP = { width: 1366, height: 900 } as const;

export interface DeviceOptions {
  width?: number;
  height?: number;
  /** Set in the page's storage and as the browser's locale before the first script runs. */
  language?: 'ru' | 'en';
  /** axe is injected as a script, which the site's CSP rightly refuses (csp.spec.ts tests it). */
  axe?: boolean;
}

/**
 * A browser context of the given width: below 500 px a phone (a mobile viewport that takes
 * touches), as the site's own phone rule judges it.
 */
export async function deviceContext(
  browser: Browser,
  baseURL: string | undefined,
  { width = DESKTOP.width, height = DESKTOP.height, language, axe = false }: DeviceOptions = {},
): Promise<BrowserContext> {
  const phone = width < 500;
  const context = await browser.newContext({
    ...(baseURL ? { baseURL } : {}),
    viewport: { width, height },
    ...(phone ? { isMobile: true, hasTouch: true } : {}),
    ...(axe ? { bypassCSP: true } : {}),
    ...(language ? { locale: language === 'en' ? 'en-GB' : 'ru-RU' } : {}),
  });
  if (language) await context.addInitScript((lang) => localStorage.setItem('lang', lang), language);
  return context;
}

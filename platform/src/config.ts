/**
 * Run-time configuration. A deployment can set `window.__APP_CONFIG__` before the shell's
 * entry (for an API on another origin); by default everything is same-origin.
 */
export interface AppConfig {
  apiBase: string;
  remotesUrl: string;
  /** Where the presence socket connects; relative to the page's origin by default. */
  presencePath: string;
  /** Where a stream page's socket connects (`?stream=&channel=` added). */
  streamPath: string;
  /** Links in the footer; a deployment sets its own. */
  links: { contactBot: string; telegramChannel: string; instagram: string };
  /** How API calls are made; the server renderer answers them in process. */
  fetch?: typeof fetch;
}

let serverOverrides: Partial<AppConfig> = {};

/** On the server (no window), what the renderer sets: the API base and its in-process fetch. */
export function configureServer(overrides: Partial<AppConfig>): void {
  serverOverrides = overrides;
}

declare global {
  interface Window {
    __APP_CONFIG__?: Partial<AppConfig>;
  }
}

export function appConfig(): AppConfig {
  const overrides = typeof window === 'undefined' ? serverOverrides : (window.__APP_CONFIG__ ?? {});
  return {
    apiBase: '/api',
    remotesUrl: '/remotes.json',
    presencePath: '/ws/online',
    streamPath: '/ws/stream',
    links: {
      contactBot: 'https://t.me/anketa_support_bot',
      telegramChannel: 'https://t.me/anketa_news',
      instagram: 'https://instagram.com/anketa',
    },
    ...overrides,
  };
}

/**
 * Run-time configuration. A deployment can set `window.__APP_CONFIG__` before the shell's
 * entry (for an API on another origin); by default everything is same-origin.
 */
export interface AppConfig {
  apiBase: string;
  remotesUrl: string;
}

declare global {
  interface Window {
    __APP_CONFIG__?: Partial<AppConfig>;
  }
}

export function appConfig(): AppConfig {
  const overrides = typeof window === 'undefined' ? {} : (window.__APP_CONFIG__ ?? {});
  return { apiBase: '/api', remotesUrl: '/remotes.json', ...overrides };
}

import type { Locale } from 'contracts';
import {
  fetchRegistry,
  hydrateFromPage,
  i18n,
  LOCALE_STORAGE_KEY,
  loadRegisteredNamespaces,
  loadRemoteRoutes,
  localeOfPath,
  localizePath,
  measureRemoteLoad,
  preloadRemoteFor,
  queryClient,
  type RemoteRegistry,
  registerNamespace,
  registerRegistry,
  remoteForPath,
  stripLocale,
} from 'platform';
import { createElement, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';

/** The longest the first render waits for the page's remote and texts before showing what it has. */
const FIRST_RENDER_WAIT_MS = 3_000;

/** What the server put in a page it rendered (see api/src/plugins/ssr). */
interface PageState {
  locale: Locale;
  registry: RemoteRegistry;
  queries: Parameters<typeof hydrateFromPage>[1];
  texts: Record<string, Record<string, unknown>>;
}

function readPageState(): PageState | null {
  const element = document.getElementById('page-state');
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as PageState;
  } catch {
    return null;
  }
}

/**
 * A visitor who chose English and arrives at a Russian address (a shared link, a bookmark, a
 * redirect) is taken to the English one: the address carries the language, the choice is
 * remembered. Returns true when the page is being replaced.
 */
function redirectToStoredLanguage(): boolean {
  let stored: string | null = null;
  try {
    stored = window.localStorage.getItem(LOCALE_STORAGE_KEY);
  } catch {
    return false;
  }
  const { pathname, search, hash } = window.location;
  if (stored !== 'en' || localeOfPath(pathname) === 'en') return false;
  window.location.replace(`${localizePath(stripLocale(pathname), 'en')}${search}${hash}`);
  return true;
}

const pageState = readPageState();
if (!redirectToStoredLanguage()) start();

function start(): void {
  registerNamespace('shell', new URL('/locales/', window.location.href).href);
  if (pageState) {
    // The server's texts and answers: the first render matches its HTML and fetches nothing again.
    for (const [ns, texts] of Object.entries(pageState.texts)) {
      i18n.addResourceBundle(pageState.locale, ns, texts, true, true);
    }
    hydrateFromPage(queryClient, pageState.queries);
  }
  // The shell's texts start with its code; later loads of the same namespace join this one.
  loadRegisteredNamespaces().catch(() => undefined);
  // The layout's code arrives while the registry and the page's remote load, and starts up in a
  // task of its own rather than inside this script's (one long task becomes two shorter ones).
  const appModule = import('./app/app');

  async function render(): Promise<void> {
    const { App } = await appModule;
    const root = document.getElementById('root');
    if (!root) return;
    // As a transition, the first render yields to the browser every few milliseconds instead of
    // holding the main thread for the whole tree (input stays responsive while the page builds).
    startTransition(() => {
      if (pageState && root.hasChildNodes()) hydrateRoot(root, createElement(App));
      else createRoot(root).render(createElement(App));
    });
  }

  /**
   * The page's remote code and every text it needs, before the first render. Rendering earlier
   * would commit loading fallbacks, and React holds back the content that replaces a fallback
   * until 300 ms after it was shown: the page would appear later, not sooner. A server-rendered
   * page stays on screen meanwhile and hydrates once the code is here.
   */
  async function pageReady(): Promise<void> {
    // A registry that cannot be read leaves every remote area showing its fallback; the shell still renders.
    const registry = pageState?.registry ?? (await fetchRegistry().catch((): RemoteRegistry => ({})));
    registerRegistry(registry);
    const { pathname } = window.location;
    const name = remoteForPath(pathname);
    if (name) {
      // Fetches the remote's entry and routes chunk side by side, then runs them.
      preloadRemoteFor(stripLocale(pathname));
      // A failing remote is the remote area's business: it shows its fallback and a Retry button.
      // Timed for the page's telemetry (kept until telemetry starts with the app).
      await measureRemoteLoad(name, () => loadRemoteRoutes(name)).catch(() => undefined);
    }
    // The shell's and, now that its code has run, the remote's.
    await loadRegisteredNamespaces().catch(() => undefined);
  }

  let rendered = false;
  const renderOnce = () => {
    if (rendered) return;
    rendered = true;
    void render();
  };
  void pageReady().finally(renderOnce);
  window.setTimeout(renderOnce, FIRST_RENDER_WAIT_MS);
}

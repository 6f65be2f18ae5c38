import {
  fetchRegistry,
  loadRegisteredNamespaces,
  loadRemoteRoutes,
  preloadRemoteFor,
  type RemoteRegistry,
  registerNamespace,
  registerRegistry,
  remoteForPath,
} from 'platform';
import { createElement, startTransition } from 'react';
import { createRoot } from 'react-dom/client';

/** The longest the first render waits for the page's remote and texts before showing what it has. */
const FIRST_RENDER_WAIT_MS = 3_000;

registerNamespace('shell', new URL('/locales/', window.location.href).href);
// The shell's texts start with its code; later loads of the same namespace join this one.
loadRegisteredNamespaces().catch(() => undefined);
// The layout's code arrives while the registry and the page's remote load, and starts up in a
// task of its own rather than inside this script's (one long task becomes two shorter ones).
const appModule = import('./app/app');

async function render(): Promise<void> {
  const { App } = await appModule;
  const root = document.getElementById('root');
  // As a transition, the first render yields to the browser every few milliseconds instead of
  // holding the main thread for the whole tree (input stays responsive while the page builds).
  if (root) startTransition(() => createRoot(root).render(createElement(App)));
}

/**
 * The page's remote code and every text it needs, before the first render. Rendering earlier
 * would commit loading fallbacks, and React holds back the content that replaces a fallback
 * until 300 ms after it was shown: the page would appear later, not sooner.
 */
async function pageReady(): Promise<void> {
  // A registry that cannot be read leaves every remote area showing its fallback; the shell still renders.
  const registry = await fetchRegistry().catch((): RemoteRegistry => ({}));
  registerRegistry(registry);
  const name = remoteForPath(window.location.pathname);
  if (name) {
    // Fetches the remote's entry and routes chunk side by side, then runs them.
    preloadRemoteFor(window.location.pathname);
    // A failing remote is the remote area's business: it shows its fallback and a Retry button.
    await loadRemoteRoutes(name).catch(() => undefined);
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

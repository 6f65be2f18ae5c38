import {
  fetchRegistry,
  preloadRemoteFor,
  type RemoteRegistry,
  registerNamespace,
  registerRegistry,
} from 'platform';
import { createElement, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';

registerNamespace('shell', new URL('/locales/', window.location.href).href);

function render(): void {
  const root = document.getElementById('root');
  // As a transition, the first render yields to the browser every few milliseconds instead of
  // holding the main thread for the whole tree (input stays responsive while the page builds).
  if (root) startTransition(() => createRoot(root).render(createElement(App)));
}

// A registry that cannot be read leaves every remote area showing its fallback; the shell still renders.
fetchRegistry()
  .catch((): RemoteRegistry => ({}))
  .then((registry) => {
    registerRegistry(registry);
    // The page's own remote starts downloading now, while the shell renders, not after it.
    preloadRemoteFor(window.location.pathname);
  })
  .finally(render);

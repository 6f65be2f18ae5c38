import { fetchRegistry, type RemoteRegistry, registerNamespace, registerRegistry } from 'platform';
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';

registerNamespace('shell', new URL('/locales/', window.location.href).href);

function render(): void {
  const root = document.getElementById('root');
  if (root) createRoot(root).render(createElement(App));
}

// A registry that cannot be read leaves every remote area showing its fallback; the shell still renders.
fetchRegistry()
  .catch((): RemoteRegistry => ({}))
  .then(registerRegistry)
  .finally(render);

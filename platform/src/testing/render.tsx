import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation, useNavigationType } from 'react-router-dom';
import { i18n } from '../i18n/i18n';
import { PlatformProviders } from '../providers';
import { queryClient } from '../query/query-client';

/** The last location the router rendered and how it got there, so tests can assert navigation. */
export const location = { current: '', action: '' };
function LocationProbe() {
  const current = useLocation();
  location.current = `${current.pathname}${current.search}`;
  location.action = useNavigationType();
  return null;
}

/**
 * Renders `element` under the platform providers and a router at `url`, with a fresh query cache
 * unless `keepCache` (to see what a prefetch left there).
 */
export function renderAt(url: string, element: ReactElement, { keepCache = false } = {}) {
  if (!keepCache) queryClient.clear();
  return render(
    <PlatformProviders>
      <MemoryRouter initialEntries={[url]}>
        <LocationProbe />
        <Routes>
          <Route path="*" element={element} />
        </Routes>
      </MemoryRouter>
    </PlatformProviders>,
  );
}

type Translations = Record<string, unknown>;

/** Adds an app's real translation files as its namespace, so tests assert the texts users see. */
export function addTranslations(ns: string, bundles: { ru: Translations; en: Translations }) {
  i18n.addResourceBundle('ru', ns, bundles.ru);
  i18n.addResourceBundle('en', ns, bundles.en);
}

import { render } from '@testing-library/react';
import { i18n, PlatformProviders, queryClient } from 'platform';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import en from '../locales/en.json';
import ru from '../locales/ru.json';

i18n.addResourceBundle('ru', 'catalog', ru);
i18n.addResourceBundle('en', 'catalog', en);

/** The last location the router rendered, so tests can assert URL changes. */
export const location = { current: '' };
function LocationProbe() {
  const current = useLocation();
  location.current = `${current.pathname}${current.search}`;
  return null;
}

export function renderAt(url: string, element: ReactElement) {
  queryClient.clear();
  return renderAtKeepingCache(url, element);
}

/** Like renderAt, but with whatever the shared query cache already holds. */
export function renderAtKeepingCache(url: string, element: ReactElement) {
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

import { render } from '@testing-library/react';
import { i18n, PlatformProviders, queryClient } from 'platform';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation, useNavigationType } from 'react-router-dom';
import AuthRoutes from '../app/routes';
import en from '../locales/en.json';
import ru from '../locales/ru.json';

i18n.addResourceBundle('ru', 'auth', ru);
i18n.addResourceBundle('en', 'auth', en);

/** The last location the router rendered and how it got there, so tests can assert navigation. */
export const location = { current: '', action: '' };
function LocationProbe() {
  const current = useLocation();
  location.current = `${current.pathname}${current.search}`;
  location.action = useNavigationType();
  return null;
}

/** Renders the remote's routes (or `element`) at `url`, in Russian, with a fresh cache. */
export function renderAt(url: string, element: ReactElement = <AuthRoutes />) {
  queryClient.clear();
  void i18n.changeLanguage('ru');
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

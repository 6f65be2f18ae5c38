import type { Locale } from 'contracts';
import {
  basenameFor,
  i18n,
  localeOfPath,
  localizePath,
  loadEveryLanguage,
  onLanguageSwitch,
  PlatformProviders,
  startTelemetry,
  stripLocale,
  whenSettled,
} from 'platform';
import { useEffect, useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { AppFrame } from './app-frame';
import { appRoutes } from './routes';

/**
 * A data router, for its scroll restoration: a new page starts at the top, Back returns to where
 * the reader was. Its basename is the language's prefix (`/en`), so every link in the shell and
 * the remotes stays in the page's language without knowing of it.
 */
const createRouter = (locale: Locale) => createBrowserRouter(appRoutes, { basename: basenameFor(locale) });

/** The page's address in another language: same path, query and fragment. */
function addressIn(locale: Locale): string {
  const { pathname, search, hash } = window.location;
  return `${localizePath(stripLocale(pathname), locale)}${search}${hash}`;
}

/**
 * One router per language. A switch moves to the page's address in the other language (a new
 * history entry) and swaps the router for one with that basename; Back across a switch swaps
 * it back. The page's data stays in the query cache, so the page renders again at once.
 */
function useLocaleRouter() {
  const [state, setState] = useState(() => {
    const locale = localeOfPath(window.location.pathname);
    return { locale, router: createRouter(locale) };
  });
  useEffect(() => {
    const use = (locale: Locale) => {
      void i18n.changeLanguage(locale);
      setState((current) => {
        if (current.locale === locale) return current;
        current.router.dispose();
        return { locale, router: createRouter(locale) };
      });
    };
    const unsubscribe = onLanguageSwitch((locale) => {
      if (localeOfPath(window.location.pathname) !== locale) {
        window.history.pushState(null, '', addressIn(locale));
      }
      use(locale);
    });
    const onPop = () => use(localeOfPath(window.location.pathname));
    window.addEventListener('popstate', onPop);
    return () => {
      unsubscribe();
      window.removeEventListener('popstate', onPop);
    };
  }, []);
  return state;
}

export function App() {
  const { locale, router } = useLocaleRouter();
  // The page is live (hydrated, or rendered in the browser): tests and the bundle bench wait for it.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
    // Page telemetry (a sampled share of tabs): the release figures on the admin's releases screen.
    startTelemetry();
    // The other language and the fallback texts: a switch without a wait, off the first screen's
    // downloads (a signed-in area's first screen keeps loading after the page is idle).
    return whenSettled(() => void loadEveryLanguage().catch(() => undefined));
  }, []);
  return (
    <PlatformProviders>
      <AppFrame>
        {/* A provider keeps the first router's state when given another: a new one per language. */}
        <RouterProvider key={locale} router={router} />
      </AppFrame>
    </PlatformProviders>
  );
}

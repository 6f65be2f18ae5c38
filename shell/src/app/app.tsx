import { PlatformProviders } from 'platform';
import { lazy, Suspense, useEffect, useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { ErrorBoundary } from 'react-error-boundary';
import { useTranslation } from 'react-i18next';
import { AreaSwitch } from './area-switch';
import { Layout } from './layout';

/**
 * A data router, for its scroll restoration: a new page starts at the top, Back returns to where
 * the reader was. The remotes still render their own <Routes> below the catch-all.
 */
const router = createBrowserRouter([
  { element: <Layout />, children: [{ path: '*', element: <AreaSwitch /> }] },
]);

export function App() {
  return (
    <PlatformProviders>
      {/* The shell's texts load with it; until then an empty page beats a flash of keys. */}
      <Suspense fallback={null}>
        <RouterProvider router={router} />
        <ShellToaster />
      </Suspense>
    </PlatformProviders>
  );
}

const Toaster = lazy(() => import('shared-ui/toast').then((module) => ({ default: module.Toaster })));
const LogoutResultToast = lazy(() =>
  import('../features/session/logout-result-toast').then((module) => ({ default: module.LogoutResultToast })),
);

/** Toasts follow user actions, so the toaster loads once the page is idle, off the first paint's path. */
function ShellToaster() {
  const { t } = useTranslation('shell');
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let idle = 0;
    const show = () => setReady(true);
    const afterLoad = () => {
      idle =
        typeof window.requestIdleCallback === 'function'
          ? window.requestIdleCallback(show, { timeout: 3000 })
          : window.setTimeout(show, 500);
    };
    if (document.readyState === 'complete') afterLoad();
    else window.addEventListener('load', afterLoad, { once: true });
    return () => {
      window.removeEventListener('load', afterLoad);
      if (typeof window.cancelIdleCallback === 'function') window.cancelIdleCallback(idle);
      window.clearTimeout(idle);
    };
  }, []);
  return ready ? (
    <ErrorBoundary fallback={null}>
      <Suspense fallback={null}>
        <Toaster label={t('toast.label')} closeLabel={t('toast.close')} />
        {/* After the toaster, so that its subscription exists when this effect shows a toast. */}
        <LogoutResultToast />
      </Suspense>
    </ErrorBoundary>
  ) : null;
}

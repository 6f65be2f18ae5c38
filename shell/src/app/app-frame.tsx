import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { useTranslation } from 'react-i18next';
import { whenIdle } from 'platform';

/** Around the router, in the browser and on the server alike (hydration needs the same tree). */
export function AppFrame({ children }: { children: ReactNode }) {
  return (
    // The shell's texts load with it; until then an empty page beats a flash of keys.
    <Suspense fallback={null}>
      {children}
      <ShellToaster />
    </Suspense>
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
  useEffect(() => whenIdle(() => setReady(true)), []);
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

import { PlatformProviders } from 'platform';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { useTranslation } from 'react-i18next';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { Toaster } from 'shared-ui/toast';
import AuthRoutes from './app/routes';

/** In production the shell mounts the toaster; standalone brings its own. */
function StandaloneToaster() {
  const { t } = useTranslation('auth');
  return <Toaster label={t('layout.toastLabel')} closeLabel={t('layout.toastClose')} />;
}

// The shell renders these pages without its header and footer, inside its <main>.
const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <PlatformProviders>
        <BrowserRouter>
          <Suspense fallback={null}>
            <main id="main">
              <Routes>
                <Route path="*" element={<AuthRoutes />} />
              </Routes>
            </main>
            <StandaloneToaster />
          </Suspense>
        </BrowserRouter>
      </PlatformProviders>
    </StrictMode>,
  );
}

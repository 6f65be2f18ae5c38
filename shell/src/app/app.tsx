import { PlatformProviders } from 'platform';
import { Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Toaster } from 'shared-ui';
import { AreaSwitch } from '../features/remotes/area-switch';
import { Layout } from './layout';

export function App() {
  return (
    <PlatformProviders>
      <BrowserRouter>
        {/* The shell's texts load with it; until then an empty page beats a flash of keys. */}
        <Suspense fallback={null}>
          <Routes>
            <Route element={<Layout />}>
              <Route path="*" element={<AreaSwitch />} />
            </Route>
          </Routes>
          <ShellToaster />
        </Suspense>
      </BrowserRouter>
    </PlatformProviders>
  );
}

function ShellToaster() {
  const { t } = useTranslation('shell');
  return <Toaster label={t('toast.label')} closeLabel={t('toast.close')} />;
}

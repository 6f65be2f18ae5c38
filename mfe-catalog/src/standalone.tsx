import { PlatformProviders } from 'platform';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import CatalogRoutes from './app/routes';
import { StandaloneCategoryTabs } from './features/listing/components/category-tabs';

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <PlatformProviders>
        <BrowserRouter>
          <Suspense fallback={null}>
            <main style={{ maxWidth: 1200, margin: '0 auto', padding: 16 }}>
              {/* In production the shell's sticky navigation shows the categories. */}
              <StandaloneCategoryTabs />
              <Routes>
                <Route path="*" element={<CatalogRoutes />} />
              </Routes>
            </main>
          </Suspense>
        </BrowserRouter>
      </PlatformProviders>
    </StrictMode>,
  );
}

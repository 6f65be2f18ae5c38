import { PlatformProviders } from 'platform';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import AreaRoutes from './app/routes';

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <PlatformProviders>
        <BrowserRouter>
          <Suspense fallback={null}>
            <main style={{ maxWidth: 1200, margin: '0 auto', padding: 16 }}>
              <Routes>
                <Route path="*" element={<AreaRoutes />} />
              </Routes>
            </main>
          </Suspense>
        </BrowserRouter>
      </PlatformProviders>
    </StrictMode>,
  );
}

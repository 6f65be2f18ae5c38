import { type ReactElement, type ReactNode, StrictMode, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { PlatformProviders } from '../providers';

interface StandaloneAppProps {
  /** The remote's `./routes` component, rendered below `*` as the shell mounts it. */
  routes: ReactElement;
  /** What the shell's layout would show around the remote (a category bar, a toaster). */
  before?: ReactNode;
  after?: ReactNode;
  /** Pages that lay themselves out full width, as the shell renders them without its frame. */
  fullWidth?: boolean;
}

/** A remote run on its own for its team's development, with the providers the shell gives it. */
export function StandaloneApp({ routes, before, after, fullWidth = false }: StandaloneAppProps) {
  return (
    <StrictMode>
      <PlatformProviders>
        <BrowserRouter>
          <Suspense fallback={null}>
            <main id="main" style={fullWidth ? undefined : { maxWidth: 1200, margin: '0 auto', padding: 16 }}>
              {before}
              <Routes>
                <Route path="*" element={routes} />
              </Routes>
            </main>
            {after}
          </Suspense>
        </BrowserRouter>
      </PlatformProviders>
    </StrictMode>
  );
}

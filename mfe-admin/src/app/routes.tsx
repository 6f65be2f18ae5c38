import { PageNotFound, registerNamespace } from 'platform';
import { Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { ScreenSkeleton } from '../components/screen-skeleton';
import { AdminLayout } from './admin-layout';

registerNamespace('admin', new URL('locales/', __webpack_public_path__).href);

export const screen = (element: React.ReactNode) => (
  <Suspense fallback={<ScreenSkeleton />}>{element}</Suspense>
);

/** The administration; the shell mounts it behind its guard (accounts with the admin role only). */
export default function AdminRoutes() {
  return (
    <Routes>
      <Route element={<AdminLayout />}>
        {/* SCREENS: each screen is its own lazy chunk. */}
        <Route path="*" element={<PageNotFound />} />
      </Route>
    </Routes>
  );
}

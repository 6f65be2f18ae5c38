import { PageNotFound, registerNamespace } from 'platform';
import { Route, Routes } from 'react-router-dom';
import { AdminLayout } from './admin-layout';
import { recordsRoutes } from './records-routes';
import { reviewRoutes } from './review-routes';

registerNamespace('admin', new URL('locales/', __webpack_public_path__).href);

/** The administration; the shell mounts it behind its guard (accounts with the admin role only). */
export default function AdminRoutes() {
  return (
    <Routes>
      <Route element={<AdminLayout />}>
        {/* Each screen is its own lazy chunk. */}
        {reviewRoutes()}
        {recordsRoutes()}
        <Route path="*" element={<PageNotFound />} />
      </Route>
    </Routes>
  );
}

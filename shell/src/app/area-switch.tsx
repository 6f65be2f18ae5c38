import { NotFoundPageProvider, useRemoteForPath } from 'platform';
import { useLocation } from 'react-router-dom';
import { NotFoundPage } from './not-found-page';
import { AccessGuard } from '../features/guard/access-guard';
import { RemoteArea } from '../features/remotes/remote-area';

/**
 * One element for every path: the area stays mounted while the user moves inside one
 * remote, and each remote renders its own <Routes> with the full paths it owns.
 */
export function AreaSwitch() {
  const { pathname } = useLocation();
  const name = useRemoteForPath(pathname);
  return (
    // Remotes render the shell's 404 page for their own unknown paths and missing items.
    <NotFoundPageProvider value={NotFoundPage}>
      <AccessGuard>{name ? <RemoteArea key={name} name={name} /> : <NotFoundPage />}</AccessGuard>
    </NotFoundPageProvider>
  );
}

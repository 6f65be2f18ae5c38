import { paths, useSession } from 'platform';
import { useTranslation } from 'react-i18next';
import { PreloadLink } from '../../components/preload-link';

/** "Administration" for accounts with the admin role only; nobody else sees that it exists. */
export function AdminLink({ className, onNavigate }: { className?: string; onNavigate?: () => void }) {
  const { t } = useTranslation('shell');
  const session = useSession();
  if (session.status !== 'authenticated' || session.profile.accountRole !== 'admin') return null;
  return (
    <PreloadLink to={paths.admin()} className={className} onClick={onNavigate} data-testid="admin-link">
      {t('nav.admin')}
    </PreloadLink>
  );
}

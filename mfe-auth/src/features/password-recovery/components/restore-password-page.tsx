import { paths } from 'platform';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { notify } from '../../../lib/notify';
import { RestorePasswordForm } from './restore-password-form';

export function RestorePasswordPage() {
  const [search] = useSearchParams();
  const token = search.get('token')?.trim() ?? '';
  if (!token) return <MissingToken />;
  return <RestorePasswordForm token={token} />;
}

/** Without the token of a mailed link there is nothing to restore: ask for a new link. */
function MissingToken() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  // Effects run twice in development's StrictMode; one toast is enough.
  const handled = useRef(false);
  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    notify('error', t('messages.invalidOrExpiredLink'));
    navigate(paths.forgotPassword(), { replace: true });
  }, [navigate, t]);
  return null;
}

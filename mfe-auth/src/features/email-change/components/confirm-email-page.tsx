import { ApiError, paths, useSession } from 'platform';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { buttonClassName, Spinner } from 'shared-ui';
import { AuthCard } from '../../../components/auth-card';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useConfirmEmail } from '../api/confirm-email';

/**
 * The link mailed to a new address: opening it confirms the address, which then replaces the
 * old one. It works in any browser, signed in or not; the token is the proof.
 */
export function ConfirmEmailPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('confirmEmail.documentTitle'));
  const [search] = useSearchParams();
  const token = search.get('token')?.trim() ?? '';
  const confirm = useConfirmEmail();
  const session = useSession();
  // Effects run twice in development's StrictMode; a token is spent once.
  const sent = useRef(false);
  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    confirm.mutate({ token });
  }, [token, confirm]);

  const problem = !token
    ? t('messages.invalidOrExpiredLink')
    : confirm.isError
      ? confirm.error instanceof ApiError && confirm.error.code === 'EMAIL_EXISTS'
        ? t('confirmEmail.taken')
        : confirm.error instanceof ApiError && confirm.error.code === 'LINK_INVALID'
          ? t('messages.invalidOrExpiredLink')
          : confirm.error.message
      : null;
  const next =
    session.status === 'authenticated'
      ? {
          to: session.profile.accountType === 'advister' ? paths.advertiserOffice() : paths.modelCabinet(),
          label: t('confirmEmail.toCabinet'),
        }
      : { to: paths.login('girl'), label: t('confirmEmail.toLogin') };

  return (
    <AuthCard title={t('confirmEmail.title')}>
      {problem ? (
        <p role="alert">{problem}</p>
      ) : confirm.isSuccess ? (
        <p role="status">{t('confirmEmail.done')}</p>
      ) : (
        <p role="status">
          <Spinner size="sm" /> {t('confirmEmail.checking')}
        </p>
      )}
      {(problem || confirm.isSuccess) && (
        <Link to={next.to} className={buttonClassName({ variant: 'primary', size: 'lg', fullWidth: true })}>
          {next.label}
        </Link>
      )}
    </AuthCard>
  );
}

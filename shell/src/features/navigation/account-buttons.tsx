import { useSetAtom } from 'jotai';
import { useSession } from 'platform';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PreloadLink } from '../../components/preload-link';
import { sessionDialogAtom } from '../../lib/session-dialog';

/**
 * "Post a profile" and "Advertiser office" for visitors; "Profile" and "Advertiser profile"
 * once signed in. Pressing the other account type's button asks before switching accounts.
 */
export function AccountButtons({
  postClassName,
  officeClassName,
  onNavigate,
}: {
  postClassName?: string;
  officeClassName?: string;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation('shell');
  const session = useSession();
  const setDialog = useSetAtom(sessionDialogAtom);
  const accountType = session.status === 'authenticated' ? session.profile.accountType : null;

  const guardSwitch = (target: 'girl' | 'advister') => (event: MouseEvent) => {
    if (accountType && accountType !== target) {
      event.preventDefault();
      setDialog({ kind: 'switch', to: target });
    }
    onNavigate?.();
  };

  return (
    <>
      <PreloadLink to="/advister" className={officeClassName} onClick={guardSwitch('advister')}>
        {accountType ? t('nav.advertiserProfile') : t('nav.advertiserOffice')}
      </PreloadLink>
      <PreloadLink to="/profile" className={postClassName} onClick={guardSwitch('girl')}>
        {accountType ? t('nav.profile') : t('nav.post')}
      </PreloadLink>
    </>
  );
}

import { useTranslation } from 'react-i18next';
import { PreloadLink } from '../../components/preload-link';
import { useRoleSwitch } from '../../lib/use-role-switch';

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
  const { accountType, guard } = useRoleSwitch();

  return (
    <>
      <PreloadLink to="/advister" className={officeClassName} onClick={guard('advister', onNavigate)}>
        {accountType ? t('nav.advertiserProfile') : t('nav.advertiserOffice')}
      </PreloadLink>
      <PreloadLink to="/profile" className={postClassName} onClick={guard('girl', onNavigate)}>
        {accountType ? t('nav.profile') : t('nav.post')}
      </PreloadLink>
    </>
  );
}

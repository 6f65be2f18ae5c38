import { paths } from 'platform';
import { useTranslation } from 'react-i18next';
import { useRoleSwitch } from './use-role-switch';

export interface AccountLink {
  to: string;
  label: string;
  onClick: ReturnType<ReturnType<typeof useRoleSwitch>['guard']>;
}

/**
 * The two links into the account areas, as the header, the menus and the footer show them: "Post a
 * profile" and "Advertiser office" for visitors; "Profile" and "Advertiser profile" once signed in.
 * Following the other account type's link asks before switching accounts.
 */
export function useAccountLinks(onNavigate?: () => void): { post: AccountLink; office: AccountLink } {
  const { t } = useTranslation('shell');
  const { accountType, guard } = useRoleSwitch();
  return {
    post: {
      to: paths.modelCabinet(),
      label: accountType ? t('nav.profile') : t('nav.post'),
      onClick: guard('girl', onNavigate),
    },
    office: {
      to: paths.advertiserOffice(),
      label: accountType ? t('nav.advertiserProfile') : t('nav.advertiserOffice'),
      onClick: guard('advister', onNavigate),
    },
  };
}

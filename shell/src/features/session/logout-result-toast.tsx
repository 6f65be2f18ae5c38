import { takeLogoutResult } from 'platform';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'shared-ui/toast';

/** Shows the result of the logout that reloaded this tab, once. */
export function LogoutResultToast() {
  const { t } = useTranslation('shell');
  useEffect(() => {
    const result = takeLogoutResult();
    if (result === 'success') toast.success(t('logout.success'));
    else if (result === 'error') toast.error(t('logout.failure'));
  }, [t]);
  return null;
}

import { useTranslation } from 'react-i18next';
import { Input, type InputProps } from 'shared-ui';

/** A password field with its show/hide toggle. */
export function PasswordInput(props: Omit<InputProps, 'type' | 'showPasswordLabel' | 'hidePasswordLabel'>) {
  const { t } = useTranslation('account');
  return (
    <Input
      {...props}
      type="password"
      showPasswordLabel={t('settings.showPassword')}
      hidePasswordLabel={t('settings.hidePassword')}
    />
  );
}

import { useTranslation } from 'react-i18next';
import { Input, type InputProps } from 'shared-ui';

/** A password field with its show/hide toggle, labelled in the current language. */
export function PasswordInput(props: Omit<InputProps, 'type' | 'showPasswordLabel' | 'hidePasswordLabel'>) {
  const { t } = useTranslation('auth');
  return (
    <Input
      {...props}
      type="password"
      showPasswordLabel={t('form.showPassword')}
      hidePasswordLabel={t('form.hidePassword')}
    />
  );
}

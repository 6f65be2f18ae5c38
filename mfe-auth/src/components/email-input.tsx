import { useTranslation } from 'react-i18next';
import { Input, type InputProps } from 'shared-ui';

/** The e-mail field every auth form starts with, labelled in the current language. */
export function EmailInput(props: Omit<InputProps, 'label' | 'type' | 'inputMode' | 'autoComplete'>) {
  const { t } = useTranslation('auth');
  return (
    <Input
      label={t('form.email')}
      type="email"
      inputMode="email"
      autoComplete="email"
      placeholder={t('form.emailPlaceholder')}
      {...props}
    />
  );
}

import { useTranslation } from 'react-i18next';

/**
 * Field errors hold message keys: `validation.*` from the contracts schemas (translated in the
 * `platform` namespace) or `auth:errors.*` for answers of the server. Translating at render time
 * keeps them in step with the language switch.
 */
export function useFieldMessage(): (error: { message?: string } | undefined) => string | undefined {
  const { t } = useTranslation('auth');
  return (error) => (error?.message ? t(error.message, { ns: 'platform' }) : undefined);
}

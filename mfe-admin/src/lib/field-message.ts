import { useTranslation } from 'react-i18next';

const namespaceOf = (key: string) =>
  key.startsWith('validation.') || key.startsWith('errors.') ? 'platform' : 'admin';

/**
 * Field errors hold message keys: `validation.*` from the contracts schemas and `errors.*` the
 * server put on a field (both in the `platform` namespace), or `admin` keys set after a server
 * answer. Translating at render time keeps them in step with the language switch.
 */
export function useFieldMessage(): (error: { message?: string } | undefined) => string | undefined {
  const { t } = useTranslation('admin');
  return (error) => (error?.message ? t(error.message, { ns: namespaceOf(error.message) }) : undefined);
}

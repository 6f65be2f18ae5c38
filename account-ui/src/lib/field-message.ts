import { useTranslation } from 'react-i18next';

const namespaceOf = (key: string, own: string) =>
  key.startsWith('validation.') || key.startsWith('errors.') ? 'platform' : own;

/**
 * Field errors hold message keys: `validation.*` from the contracts schemas and `errors.*` the
 * server put on a field (both in the `platform` namespace), or keys of the app's own namespace
 * set after a server answer. Translating at render time keeps them in step with the language switch.
 */
export function useFieldMessage(
  namespace = 'account',
): (error: { message?: string } | undefined) => string | undefined {
  const { t } = useTranslation(namespace);
  return (error) =>
    error?.message ? t(error.message, { ns: namespaceOf(error.message, namespace) }) : undefined;
}

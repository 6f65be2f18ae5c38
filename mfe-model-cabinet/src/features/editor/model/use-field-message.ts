import { useTranslation } from 'react-i18next';

/**
 * Field errors hold message keys: `validation.*` from the contracts schemas (translated in the
 * `platform` namespace) or this remote's own. Translating at render time follows the language switch.
 */
export function useFieldMessage(): (error: { message?: string } | undefined) => string | undefined {
  const { t } = useTranslation('modelCabinet');
  return (error) => {
    if (!error?.message) return undefined;
    return error.message.startsWith('validation.') ? t(error.message, { ns: 'platform' }) : t(error.message);
  };
}

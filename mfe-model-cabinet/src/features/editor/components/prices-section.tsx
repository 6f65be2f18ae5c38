import { useFieldMessage } from 'account-ui';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Input } from 'shared-ui';
import type { EditorValues } from '../model/form-values';
import { FormSection } from './fields';
import styles from './fields.module.css';

const PRICES = ['hour', 'twoHours', 'night'] as const;

/** Prices in whole rubles: an hour is required, two hours and a night are optional. */
export function PricesSection() {
  const { t } = useTranslation('modelCabinet');
  const fieldMessage = useFieldMessage('modelCabinet');
  const {
    register,
    formState: { errors },
  } = useFormContext<EditorValues>();
  return (
    <FormSection id="editor-prices" title={t('editor.sections.prices')}>
      <div className={styles.grid}>
        {PRICES.map((price) => (
          <Input
            key={price}
            label={t(`editor.fields.prices.${price}`)}
            inputMode="numeric"
            autoComplete="off"
            hint={t(`editor.bounds.prices.${price}`)}
            error={fieldMessage(errors.prices?.[price])}
            {...register(`prices.${price}`)}
          />
        ))}
      </div>
    </FormSection>
  );
}

import { ErrorState, useFieldMessage } from 'account-ui';
import { useLocalized } from 'platform';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Skeleton } from 'shared-ui';
import { useCities } from '../api/get-cities';
import type { EditorValues } from '../model/form-values';
import { Combobox } from './combobox';
import { FormSection } from './fields';
import styles from './fields.module.css';

/** The city (searchable) and, where the city has one, a metro station grouped by line. */
export function LocationSection() {
  const { t } = useTranslation('modelCabinet');
  const localized = useLocalized();
  const fieldMessage = useFieldMessage('modelCabinet');
  const cities = useCities();
  const {
    control,
    setValue,
    getValues,
    formState: { errors },
  } = useFormContext<EditorValues>();
  const citySlug = useWatch({ control, name: 'city' });
  const city = cities.data?.items.find((item) => item.slug === citySlug);

  return (
    <FormSection id="editor-location" title={t('editor.sections.location')}>
      {cities.isPending && (
        <div role="status" aria-busy="true" aria-label={t('common.loading')} className={styles.grid}>
          <Skeleton height="4.5rem" />
          <Skeleton height="4.5rem" />
        </div>
      )}
      {cities.isError && (
        <ErrorState message={t('editor.errors.loadCities')} onRetry={() => void cities.refetch()} />
      )}
      {cities.data && (
        <div className={styles.grid}>
          <Controller
            control={control}
            name="city"
            render={({ field }) => (
              <Combobox
                label={t('editor.fields.city')}
                name={field.name}
                placeholder={t('editor.cityPlaceholder')}
                emptyText={t('editor.nothingFound')}
                options={cities.data.items.map((item) => ({ value: item.slug, label: localized(item.name) }))}
                value={field.value}
                onChange={(slug) => {
                  field.onChange(slug);
                  const next = cities.data.items.find((item) => item.slug === slug);
                  const metro = Number(getValues('metro'));
                  if (!next?.metro.some((station) => station.id === metro)) {
                    setValue('metro', '', { shouldDirty: true });
                  }
                }}
                onBlur={field.onBlur}
                error={fieldMessage(errors.city)}
              />
            )}
          />
          {city && city.metro.length > 0 && (
            <Controller
              control={control}
              name="metro"
              render={({ field }) => (
                <Combobox
                  label={t('editor.fields.metro')}
                  name={field.name}
                  placeholder={t('editor.metroPlaceholder')}
                  emptyText={t('editor.nothingFound')}
                  clearLabel={t('editor.clearMetro')}
                  options={city.metro.map((station) => ({
                    value: String(station.id),
                    label: localized(station.name),
                    group: localized(station.line),
                    color: station.lineColor,
                  }))}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={fieldMessage(errors.metro)}
                />
              )}
            />
          )}
        </div>
      )}
    </FormSection>
  );
}

import { valibotResolver } from '@hookform/resolvers/valibot';
import { useFieldMessage } from 'account-ui';
import { AD_FORMATS, AD_LIMITS, DESCRIPTION_MAX_LENGTH } from 'contracts';
import { useLocalized } from 'platform';
import { useEffect } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, Input, TextArea } from 'shared-ui';
import { useCities } from '../api/get-cities';
import type { CampaignDraft } from '../../../lib/campaign';
import { type AdFields, type AdFieldsInput, adFieldsSchema, PLACEMENTS } from '../model/ad-fields';
import styles from './wizard.module.css';

interface Props {
  draft: CampaignDraft;
  /** Every change, so the wizard keeps it in this browser at once. */
  onChange: (fields: Partial<CampaignDraft>) => void;
  onNext: (fields: AdFields) => Promise<void>;
  saving: boolean;
}

const valuesOf = (draft: CampaignDraft): AdFieldsInput => ({
  format: draft.format ?? '',
  heading: draft.heading ?? '',
  description: draft.description ?? '',
  link: draft.link ?? '',
  buttonText: draft.buttonText ?? '',
  placement: draft.placement ?? 'cities',
  cities: draft.cities ?? [],
});

/** Step "create": the ad's texts and where it is shown, each rule of the spec checked as typed. */
export function CreateStep({ draft, onChange, onNext, saving }: Props) {
  const { t } = useTranslation('advertiserOffice');
  const fieldMessage = useFieldMessage('advertiserOffice');
  const localized = useLocalized();
  const cities = useCities();
  const {
    register,
    handleSubmit,
    control,
    watch,
    formState: { errors },
  } = useForm<AdFieldsInput, unknown, AdFields>({
    resolver: valibotResolver(adFieldsSchema),
    mode: 'onTouched',
    // The resolver stops a pipe at the first failing step unless every criterion is asked for;
    // then the cities rule (a check across fields) shows together with the others.
    criteriaMode: 'all',
    defaultValues: valuesOf(draft),
  });
  const values = useWatch({ control });
  const placement = values.placement ?? 'cities';
  const buttonText = values.buttonText ?? '';

  // Every change is kept in this browser at once (the server gets the draft on "Next").
  useEffect(() => {
    const subscription = watch((changed) =>
      onChange({ ...changed, cities: changed.cities?.filter((city): city is string => Boolean(city)) ?? [] }),
    );
    return () => subscription.unsubscribe();
  }, [watch, onChange]);

  return (
    <form
      className={styles.form}
      onSubmit={handleSubmit(onNext)}
      noValidate
      aria-labelledby="wizard-step-title"
    >
      <fieldset
        className={styles.fieldset}
        aria-describedby={errors.format ? 'wizard-format-error' : undefined}
        aria-invalid={errors.format ? true : undefined}
      >
        <legend>{t('wizard.fields.format')}</legend>
        <div className={styles.choices}>
          {AD_FORMATS.map((value) => (
            <label key={value} className={styles.choice}>
              <input type="radio" value={value} {...register('format')} />
              <span>
                <strong>{t(`formats.${value}`)}</strong>
                <span className={styles.muted}>{t(`wizard.formatHints.${value}`)}</span>
              </span>
            </label>
          ))}
        </div>
        {errors.format && (
          <p id="wizard-format-error" className={styles.error} role="alert">
            {fieldMessage(errors.format)}
          </p>
        )}
      </fieldset>
      <Input
        label={t('wizard.fields.heading')}
        maxLength={AD_LIMITS.headingMax}
        error={fieldMessage(errors.heading)}
        {...register('heading')}
      />
      <TextArea
        id="wizard-description"
        label={t('wizard.fields.description')}
        rows={4}
        announceError
        maxLength={DESCRIPTION_MAX_LENGTH}
        error={fieldMessage(errors.description)}
        {...register('description')}
      />
      <Input
        label={t('wizard.fields.link')}
        type="url"
        inputMode="url"
        autoComplete="url"
        placeholder="https://"
        maxLength={AD_LIMITS.linkMax}
        error={fieldMessage(errors.link)}
        {...register('link')}
      />
      <Input
        label={t('wizard.fields.buttonText')}
        hint={t('wizard.hints.buttonText', { count: buttonText.length, max: AD_LIMITS.buttonTextMax })}
        error={fieldMessage(errors.buttonText)}
        {...register('buttonText')}
      />
      <fieldset className={styles.fieldset}>
        <legend>{t('wizard.fields.placement')}</legend>
        <div className={styles.choices}>
          {PLACEMENTS.map((value) => (
            <label key={value} className={styles.choice}>
              <input type="radio" value={value} {...register('placement')} />
              <span>
                <strong>{t(`placement.${value}`)}</strong>
                <span className={styles.muted}>{t(`wizard.placementHints.${value}`)}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {placement === 'cities' && (
        <Controller
          control={control}
          name="cities"
          render={({ field, fieldState }) => (
            <fieldset
              className={styles.fieldset}
              aria-describedby={fieldState.error ? 'wizard-cities-error' : undefined}
            >
              <legend>{t('wizard.fields.cities')}</legend>
              {cities.isPending ? (
                <p className={styles.muted}>{t('common.loading')}</p>
              ) : cities.isError ? (
                <p role="alert">
                  {t('wizard.errors.cities')}{' '}
                  <Button variant="ghost" size="sm" onClick={() => void cities.refetch()}>
                    {t('common.retry')}
                  </Button>
                </p>
              ) : (
                <div className={styles.cityGrid}>
                  {cities.data.items.map((city) => (
                    <label key={city.slug} className={styles.city}>
                      <input
                        type="checkbox"
                        name={field.name}
                        checked={field.value.includes(city.slug)}
                        onBlur={field.onBlur}
                        onChange={(event) =>
                          field.onChange(
                            event.target.checked
                              ? [...field.value, city.slug]
                              : field.value.filter((slug) => slug !== city.slug),
                          )
                        }
                      />
                      {localized(city.name)}
                    </label>
                  ))}
                </div>
              )}
              {fieldState.error?.message && (
                <p id="wizard-cities-error" className={styles.error} role="alert">
                  {fieldMessage(fieldState.error)}
                </p>
              )}
            </fieldset>
          )}
        />
      )}
      <div className={styles.footer}>
        <Button type="submit" loading={saving}>
          {t('wizard.next')}
        </Button>
      </div>
    </form>
  );
}

import { ErrorState, useFieldMessage } from 'account-ui';
import { PROFILE_BOUNDS, SERVICE_CATEGORY_KEYS, type ServiceItem } from 'contracts';
import { useLocalized } from 'platform';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Input, Skeleton } from 'shared-ui';
import { useServices } from '../api/get-services';
import type { EditorService, EditorValues } from '../model/form-values';
import { Checkbox, ChoiceGroup, FormSection } from './fields';
import styles from './services-section.module.css';

/** The catalogue's services by category; each chosen one may carry a short description. */
export function ServicesSection() {
  const { t } = useTranslation('modelCabinet');
  const localized = useLocalized();
  const fieldMessage = useFieldMessage('modelCabinet');
  const services = useServices();
  const {
    control,
    formState: { errors },
  } = useFormContext<EditorValues>();
  const listError = fieldMessage(
    errors.services?.root ?? (errors.services as { message?: string } | undefined),
  );

  return (
    <FormSection id="editor-services" title={t('editor.sections.services')}>
      {services.isPending && (
        <div role="status" aria-busy="true" aria-label={t('common.loading')} className={styles.categories}>
          <Skeleton height="9rem" />
          <Skeleton height="9rem" />
        </div>
      )}
      {services.isError && (
        <ErrorState message={t('editor.errors.loadServices')} onRetry={() => void services.refetch()} />
      )}
      {services.data && (
        <Controller
          control={control}
          name="services"
          render={({ field }) => {
            const chosen = field.value;
            const indexOf = (item: ServiceItem) =>
              chosen.findIndex((service) => service.category === item.category && service.code === item.code);
            const toggle = (item: ServiceItem, on: boolean) =>
              field.onChange(
                on
                  ? [
                      ...chosen,
                      { category: item.category, code: item.code, description: '' } satisfies EditorService,
                    ]
                  : chosen.filter(
                      (service) => !(service.category === item.category && service.code === item.code),
                    ),
              );
            const describe = (index: number, description: string) =>
              field.onChange(
                chosen.map((service, at) => (at === index ? { ...service, description } : service)),
              );
            return (
              <div className={styles.categories}>
                {SERVICE_CATEGORY_KEYS.map((category) => {
                  const items = services.data.items.filter((item) => item.category === category);
                  if (items.length === 0) return null;
                  return (
                    <ChoiceGroup key={category} legend={t(`editor.serviceCategories.${category}`)}>
                      <ul className={styles.list}>
                        {items.map((item) => {
                          const index = indexOf(item);
                          const name = localized(item.name);
                          return (
                            <li key={item.code} className={styles.item}>
                              <Checkbox
                                label={name}
                                checked={index >= 0}
                                onChange={(event) => toggle(item, event.target.checked)}
                                onBlur={field.onBlur}
                              />
                              {index >= 0 && (
                                <Input
                                  label={t('editor.serviceDescription', { service: name })}
                                  hideLabel
                                  placeholder={t('editor.serviceDescriptionPlaceholder')}
                                  maxLength={PROFILE_BOUNDS.serviceDescriptionMax + 20}
                                  value={chosen[index]?.description ?? ''}
                                  onChange={(event) => describe(index, event.target.value)}
                                  onBlur={field.onBlur}
                                  error={fieldMessage(errors.services?.[index]?.description)}
                                />
                              )}
                            </li>
                          );
                        })}
                      </ul>
                    </ChoiceGroup>
                  );
                })}
              </div>
            );
          }}
        />
      )}
      {listError && (
        <p role="alert" className={styles.error}>
          {listError}
        </p>
      )}
    </FormSection>
  );
}

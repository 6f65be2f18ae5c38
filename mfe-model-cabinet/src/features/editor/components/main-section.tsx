import { useFieldMessage } from 'account-ui';
import { APPEARANCES, CATEGORIES, PLACES, PROFILE_BOUNDS } from 'contracts';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Input, TextArea } from 'shared-ui';
import type { EditorValues } from '../model/form-values';
import { Checkbox, ChoiceGroup, FormSection, SelectField } from './fields';
import styles from './fields.module.css';

/** The age is required; height, weight and bust size are optional (their hints say so). */
const NUMBERS = ['age', 'height', 'weight', 'boobs'] as const;

/** Name, category, appearance, the body's numbers, where she meets and the description. */
export function MainSection() {
  const { t } = useTranslation('modelCabinet');
  const fieldMessage = useFieldMessage('modelCabinet');
  const {
    control,
    register,
    formState: { errors },
  } = useFormContext<EditorValues>();

  return (
    <FormSection id="editor-main" title={t('editor.sections.main')}>
      <div className={styles.grid}>
        <Input
          label={t('editor.fields.name')}
          autoComplete="off"
          maxLength={PROFILE_BOUNDS.nameLength.max + 10}
          error={fieldMessage(errors.name)}
          {...register('name')}
        />
        {/* Controlled: the select shows the form's value whatever order its options arrive in. */}
        <Controller
          control={control}
          name="category"
          render={({ field }) => (
            <SelectField
              label={t('editor.fields.category')}
              placeholder={t('editor.choose')}
              options={CATEGORIES.map((category) => ({
                value: category,
                label: t(`editor.categories.${category}`),
              }))}
              error={fieldMessage(errors.category)}
              {...field}
            />
          )}
        />
        <Controller
          control={control}
          name="appearance"
          render={({ field }) => (
            // Optional: its empty choice reads "not specified" and clears a chosen one.
            <SelectField
              label={t('editor.fields.appearance')}
              placeholder={t('editor.appearanceNotSpecified')}
              hint={t('editor.appearanceHint')}
              options={APPEARANCES.map((appearance) => ({
                value: appearance,
                label: t(`editor.appearances.${appearance}`),
              }))}
              error={fieldMessage(errors.appearance)}
              {...field}
            />
          )}
        />
      </div>
      <div className={styles.grid}>
        {NUMBERS.map((field) => (
          <Input
            key={field}
            label={t(`editor.fields.${field}`)}
            inputMode="numeric"
            autoComplete="off"
            hint={t(`editor.bounds.${field}`, PROFILE_BOUNDS[field])}
            error={fieldMessage(errors[field])}
            {...register(field)}
          />
        ))}
      </div>
      <ChoiceGroup legend={t('editor.fields.places')} error={fieldMessage(errors.places)}>
        {PLACES.map((place) => (
          <Checkbox key={place} value={place} label={t(`editor.places.${place}`)} {...register('places')} />
        ))}
      </ChoiceGroup>
      <TextArea
        className={styles.description}
        label={t('editor.fields.description')}
        hint={t('editor.descriptionHint')}
        error={fieldMessage(errors.description)}
        {...register('description')}
      />
    </FormSection>
  );
}

import { valibotResolver } from '@hookform/resolvers/valibot';
import { notify, useFieldMessage } from 'account-ui';
import {
  ACCOUNT_TYPES,
  PROMO_CODE_MAX_LENGTH,
  PROMO_DESCRIPTION_MAX_LENGTH,
  PROMO_TYPES,
  type PromoCodeCreateBody,
} from 'contracts';
import { useId, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, Input, Select } from 'shared-ui';
import { Dialog } from 'shared-ui/dialog';
import { useCreatePromoCode } from '../api/create-promo-code';
import { codeOf, messageOf } from '../../../lib/api-message';
import { emptyPromoForm, type PromoFormValues, promoFormSchema } from '../model/promo-form';
import styles from './promo.module.css';

/** A new promo code: type, amount, who may use it, how often and when; both descriptions. */
export default function PromoCreateDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('admin');
  const fieldMessage = useFieldMessage('admin');
  const formId = useId();
  const create = useCreatePromoCode();
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<PromoFormValues, unknown, PromoCodeCreateBody>({
    resolver: valibotResolver(promoFormSchema) as never,
    mode: 'onTouched',
    // The resolver stops a pipe at its first failing step unless every criterion is asked for;
    // then the checks across fields (amount for its type, dates in order) show with the others.
    criteriaMode: 'all',
    defaultValues: emptyPromoForm(),
  });
  const promoType = useWatch({ control, name: 'promoType' });

  const submit = handleSubmit(async (body) => {
    setProblem(null);
    try {
      const created = await create.mutateAsync(body);
      notify('success', t('promo.toasts.created', { code: created.code }));
      onClose();
    } catch (error) {
      if (codeOf(error) === 'PROMO_CODE_EXISTS') {
        setError('code', { type: 'server', message: 'errors.PROMO_CODE_EXISTS' });
      } else {
        setProblem(messageOf(error, t('errors.somethingWrong')));
      }
    }
  });

  return (
    <Dialog
      open
      size="lg"
      onOpenChange={(open) => !open && !create.isPending && onClose()}
      title={t('promo.create.title')}
      description={t('promo.create.text')}
      closeLabel={t('common.close')}
      footer={
        <>
          <Button variant="ghost" onClick={onClose} disabled={create.isPending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" form={formId} loading={create.isPending}>
            {t('promo.create.submit')}
          </Button>
        </>
      }
    >
      <form id={formId} className={styles.form} onSubmit={submit} noValidate>
        <Controller
          control={control}
          name="code"
          render={({ field }) => (
            <Input
              label={t('promo.fields.code')}
              hint={t('promo.hints.code')}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={PROMO_CODE_MAX_LENGTH}
              error={fieldMessage(errors.code)}
              name={field.name}
              ref={field.ref}
              value={field.value}
              onBlur={field.onBlur}
              onChange={(event) => field.onChange(event.target.value.toUpperCase())}
            />
          )}
        />
        <div className={styles.pair}>
          <Select
            label={t('promo.fields.type')}
            error={fieldMessage(errors.promoType)}
            {...register('promoType')}
          >
            {PROMO_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`promo.types.${type}`)}
              </option>
            ))}
          </Select>
          <Input
            label={promoType === 'DEPOSIT_PERCENTAGE' ? t('promo.fields.percent') : t('promo.fields.rubles')}
            inputMode="numeric"
            autoComplete="off"
            error={fieldMessage(errors.amount)}
            {...register('amount')}
          />
        </div>
        <div className={styles.pair}>
          <Select
            label={t('promo.fields.accountType')}
            error={fieldMessage(errors.accountType)}
            {...register('accountType')}
          >
            <option value="">{t('promo.anyone')}</option>
            {ACCOUNT_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`promo.onlyFor.${type}`)}
              </option>
            ))}
          </Select>
          <Input
            label={t('promo.fields.maxActivations')}
            hint={t('promo.hints.maxActivations')}
            inputMode="numeric"
            autoComplete="off"
            error={fieldMessage(errors.maxActivations)}
            {...register('maxActivations')}
          />
        </div>
        <div className={styles.pair}>
          <Input
            label={t('promo.fields.validFrom')}
            type="date"
            error={fieldMessage(errors.validFrom)}
            {...register('validFrom')}
          />
          <Input
            label={t('promo.fields.validUntil')}
            type="date"
            error={fieldMessage(errors.validUntil)}
            {...register('validUntil')}
          />
        </div>
        <Input
          label={t('promo.fields.descriptionRu')}
          lang="ru"
          maxLength={PROMO_DESCRIPTION_MAX_LENGTH}
          error={fieldMessage(errors.descriptionRu)}
          {...register('descriptionRu')}
        />
        <Input
          label={t('promo.fields.descriptionEn')}
          lang="en"
          maxLength={PROMO_DESCRIPTION_MAX_LENGTH}
          error={fieldMessage(errors.descriptionEn)}
          {...register('descriptionEn')}
        />
        {problem && (
          <p role="alert" className={styles.problem}>
            {problem}
          </p>
        )}
      </form>
    </Dialog>
  );
}

import { valibotResolver } from '@hookform/resolvers/valibot';
import { notify, useFieldMessage } from 'account-ui';
import { type AdminPriceItem, PRICE_TITLE_MAX_LENGTH, type PriceItemBody } from 'contracts';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, Input } from 'shared-ui';
import { Dialog } from 'shared-ui/dialog';
import { useUpdatePrice } from '../api/update-price';
import { messageOf } from '../../../lib/api-message';
import { type PriceFormValues, priceFormOf, priceFormSchema } from '../model/price-form';
import styles from './site.module.css';

/** One price line: its title in both languages and its two prices (whole US dollars). */
export default function PriceDialog({ item, onClose }: { item: AdminPriceItem; onClose: () => void }) {
  const { t, i18n } = useTranslation('admin');
  const fieldMessage = useFieldMessage('admin');
  const formId = useId();
  const update = useUpdatePrice();
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<PriceFormValues, unknown, PriceItemBody>({
    resolver: valibotResolver(priceFormSchema) as never,
    mode: 'onTouched',
    criteriaMode: 'all',
    defaultValues: priceFormOf(item),
  });
  const title = i18n.resolvedLanguage === 'en' ? item.titleEn : item.titleRu;

  const submit = handleSubmit(async (body) => {
    setProblem(null);
    try {
      await update.mutateAsync({ list: item.list, code: item.code, body });
      notify(
        'success',
        t('site.prices.saved', { title: i18n.resolvedLanguage === 'en' ? body.titleEn : body.titleRu }),
      );
      onClose();
    } catch (error) {
      setProblem(messageOf(error, t('site.errors.save')));
    }
  });

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !update.isPending && onClose()}
      title={t('site.prices.editTitle', { title })}
      description={t('site.prices.editText')}
      closeLabel={t('common.close')}
      footer={
        <>
          <Button variant="ghost" onClick={onClose} disabled={update.isPending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" form={formId} loading={update.isPending}>
            {t('site.prices.save')}
          </Button>
        </>
      }
    >
      <form id={formId} className={styles.form} onSubmit={submit} noValidate>
        <Input
          label={t('site.prices.titleRu')}
          lang="ru"
          maxLength={PRICE_TITLE_MAX_LENGTH}
          error={fieldMessage(errors.titleRu)}
          {...register('titleRu')}
        />
        <Input
          label={t('site.prices.titleEn')}
          lang="en"
          maxLength={PRICE_TITLE_MAX_LENGTH}
          error={fieldMessage(errors.titleEn)}
          {...register('titleEn')}
        />
        <div className={styles.pair}>
          <Input
            label={t('site.prices.mskSpb')}
            inputMode="numeric"
            autoComplete="off"
            error={fieldMessage(errors.mskSpbPrice)}
            {...register('mskSpbPrice')}
          />
          <Input
            label={t('site.prices.other')}
            inputMode="numeric"
            autoComplete="off"
            error={fieldMessage(errors.otherPrice)}
            {...register('otherPrice')}
          />
        </div>
        {problem && (
          <p role="alert" className={styles.problem}>
            {problem}
          </p>
        )}
      </form>
    </Dialog>
  );
}

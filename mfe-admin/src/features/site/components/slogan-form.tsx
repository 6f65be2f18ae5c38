import { valibotResolver } from '@hookform/resolvers/valibot';
import { notify, SectionCard, useFieldMessage } from 'account-ui';
import { type AdminSite, SLOGAN_MAX_LENGTH, type SloganBody, sloganBodySchema } from 'contracts';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, Input } from 'shared-ui';
import { useUpdateSlogan } from '../api/update-slogan';
import { messageOf } from '../../../lib/api-message';
import styles from './site.module.css';

/** The header's slogan in both languages; the public pages show a change on their next request. */
export function SloganForm({ slogan }: { slogan: AdminSite['slogan'] }) {
  const { t } = useTranslation('admin');
  const fieldMessage = useFieldMessage('admin');
  const update = useUpdateSlogan();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isDirty },
  } = useForm<SloganBody>({
    resolver: valibotResolver(sloganBodySchema),
    mode: 'onTouched',
    defaultValues: slogan,
  });

  const submit = handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync(values);
      reset(saved.slogan);
      notify('success', t('site.slogan.saved'));
    } catch (error) {
      notify('error', messageOf(error, t('site.errors.save')));
    }
  });

  return (
    <SectionCard id="site-slogan" title={t('site.slogan.title')}>
      <form className={styles.sloganForm} onSubmit={submit} noValidate>
        <Input
          label={t('site.slogan.ru')}
          lang="ru"
          maxLength={SLOGAN_MAX_LENGTH}
          error={fieldMessage(errors.ru)}
          {...register('ru')}
        />
        <Input
          label={t('site.slogan.en')}
          lang="en"
          maxLength={SLOGAN_MAX_LENGTH}
          error={fieldMessage(errors.en)}
          {...register('en')}
        />
        <div className={styles.formActions}>
          <Button type="submit" loading={update.isPending} disabled={!isDirty}>
            {t('site.slogan.save')}
          </Button>
        </div>
      </form>
    </SectionCard>
  );
}

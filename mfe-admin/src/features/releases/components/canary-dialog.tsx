import { valibotResolver } from '@hookform/resolvers/valibot';
import { useFieldMessage } from 'account-ui';
import { REJECT_REASON_MAX_LENGTH } from 'contracts';
import { type CanaryFormBody, canaryFormBody } from 'contracts/releases';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, Input, TextArea } from 'shared-ui';
import { Dialog } from 'shared-ui/dialog';
import { messageOf } from '../../../lib/api-message';
// The form and its problem line look as the reason dialog's do.
import styles from '../../../components/reason-dialog.module.css';

interface Props {
  remote: string;
  version: string;
  /** The share the canary has now (this version's, when it is the canary already). */
  percent: number;
  onConfirm: (body: CanaryFormBody) => Promise<unknown>;
  onClose: () => void;
}

/** Sends a share of visitors (0-100 %) to a release, with the reason the history keeps. */
export default function CanaryDialog({ remote, version, percent, onConfirm, onClose }: Props) {
  const { t } = useTranslation('admin');
  const fieldMessage = useFieldMessage('admin');
  const formId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<CanaryFormBody>({
    resolver: valibotResolver(canaryFormBody),
    mode: 'onTouched',
    defaultValues: { percent, reason: '' },
  });

  const submit = handleSubmit(async (values) => {
    setProblem(null);
    try {
      await onConfirm(values);
      onClose();
    } catch (error) {
      setProblem(messageOf(error, t('errors.somethingWrong')));
    }
  });

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !isSubmitting && onClose()}
      title={t('releases.canary.title', { remote, version })}
      description={t('releases.canary.text')}
      closeLabel={t('common.close')}
      footer={
        <>
          <Button variant="ghost" onClick={onClose} disabled={isSubmitting}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" form={formId} loading={isSubmitting}>
            {t('releases.canary.confirm')}
          </Button>
        </>
      }
    >
      <form id={formId} className={styles.form} onSubmit={submit} noValidate>
        <Input
          label={t('releases.canary.percent')}
          type="number"
          inputMode="numeric"
          min={0}
          max={100}
          step={1}
          error={fieldMessage(errors.percent)}
          {...register('percent', { valueAsNumber: true })}
        />
        <TextArea
          label={t('releases.reason')}
          maxLength={REJECT_REASON_MAX_LENGTH}
          error={fieldMessage(errors.reason)}
          {...register('reason')}
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

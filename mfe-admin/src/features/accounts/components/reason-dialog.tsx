import { valibotResolver } from '@hookform/resolvers/valibot';
import { useFieldMessage } from 'account-ui';
import { REJECT_REASON_MAX_LENGTH, type ReasonBody, reasonBodySchema } from 'contracts';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, TextArea } from 'shared-ui';
import { Dialog } from 'shared-ui/dialog';
import { messageOf } from '../../../lib/api-message';
import styles from './accounts.module.css';

interface Props {
  title: string;
  description: string;
  label: string;
  confirmLabel: string;
  /** Runs the action; a failure keeps the dialog open with the server's message. */
  onConfirm: (body: ReasonBody) => Promise<unknown>;
  onClose: () => void;
}

/**
 * A destructive action that needs a reason the other side reads (blocking an account or a
 * profile): the reason is checked on blur and on submit by the same schema as the API's.
 */
export function ReasonDialog({ title, description, label, confirmLabel, onConfirm, onClose }: Props) {
  const { t } = useTranslation('admin');
  const fieldMessage = useFieldMessage('admin');
  const formId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ReasonBody>({
    resolver: valibotResolver(reasonBodySchema),
    mode: 'onTouched',
    defaultValues: { reason: '' },
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
      title={title}
      description={description}
      closeLabel={t('common.close')}
      footer={
        <>
          <Button variant="ghost" onClick={onClose} disabled={isSubmitting}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" form={formId} variant="danger" loading={isSubmitting}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <form id={formId} className={styles.form} onSubmit={submit} noValidate>
        <TextArea
          label={label}
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

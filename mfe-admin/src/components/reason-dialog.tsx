import { valibotResolver } from '@hookform/resolvers/valibot';
import { useFieldMessage } from 'account-ui';
import { REJECT_REASON_MAX_LENGTH, type ReasonBody, reasonBodySchema } from 'contracts';
import type { ReactNode } from 'react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, TextArea } from 'shared-ui';
import { Dialog } from 'shared-ui/dialog';
import type * as v from 'valibot';
import { messageOf } from '../lib/api-message';
import styles from './reason-dialog.module.css';

interface Props {
  title: string;
  description: string;
  label: string;
  confirmLabel: string;
  /** Runs the action; a failure keeps the dialog open with the server's message. */
  onConfirm: (body: ReasonBody) => Promise<unknown>;
  onClose: () => void;
  /** The rule of the reason, as the API checks it (a block's by default). */
  schema?: v.GenericSchema<ReasonBody, ReasonBody>;
  /** The confirm button's look: `danger` for what takes something away (the default). */
  tone?: 'danger' | 'primary';
  /** What the dialog says above the reason (the versions a change moves between). */
  children?: ReactNode;
}

/**
 * An action that needs a reason someone reads later (blocking an account or a profile, a release
 * promoted or rolled back): the reason is checked on blur and on submit by the same schema as
 * the API's.
 */
export function ReasonDialog({
  title,
  description,
  label,
  confirmLabel,
  onConfirm,
  onClose,
  schema = reasonBodySchema,
  tone = 'danger',
  children,
}: Props) {
  const { t } = useTranslation('admin');
  const fieldMessage = useFieldMessage('admin');
  const formId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ReasonBody>({
    resolver: valibotResolver(schema),
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
          <Button type="submit" form={formId} variant={tone} loading={isSubmitting}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <form id={formId} className={styles.form} onSubmit={submit} noValidate>
        {children}
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

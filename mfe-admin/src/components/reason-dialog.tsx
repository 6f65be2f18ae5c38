import { valibotResolver } from '@hookform/resolvers/valibot';
import { useFieldMessage } from 'account-ui';
import { REJECT_REASON_MAX_LENGTH, type ReasonBody, reasonBodySchema } from 'contracts';
import type { ReactNode } from 'react';
import { useId, useState } from 'react';
import {
  type DefaultValues,
  type FieldErrors,
  type Path,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, TextArea } from 'shared-ui';
import { Dialog } from 'shared-ui/dialog';
import type * as v from 'valibot';
import { messageOf } from '../lib/api-message';
import styles from './reason-dialog.module.css';

interface Props<T extends ReasonBody> {
  title: string;
  description: string;
  label: string;
  confirmLabel: string;
  /** Runs the action; a failure keeps the dialog open with the server's message. */
  onConfirm: (body: T) => Promise<unknown>;
  onClose: () => void;
  /** The rule of the form, as the API checks it (a block's reason by default). */
  schema?: v.GenericSchema<T, T>;
  /** The fields' first values beside an empty reason. */
  defaultValues?: DefaultValues<T>;
  /** Fields of the form above the reason (a canary's share), bound to the dialog's form. */
  fields?: (form: UseFormReturn<T>) => ReactNode;
  /** The confirm button's look: `danger` for what takes something away (the default). */
  tone?: 'danger' | 'primary';
  /** What the dialog says above the reason (the versions a change moves between). */
  children?: ReactNode;
}

/**
 * An action that needs a reason someone reads later (blocking an account or a profile, a release
 * promoted, rolled back or sent to a share of visitors): the form is checked on blur and on
 * submit by the same schema as the API's.
 */
export function ReasonDialog<T extends ReasonBody = ReasonBody>({
  title,
  description,
  label,
  confirmLabel,
  onConfirm,
  onClose,
  schema = reasonBodySchema as unknown as v.GenericSchema<T, T>,
  defaultValues,
  fields,
  tone = 'danger',
  children,
}: Props<T>) {
  const { t } = useTranslation('admin');
  const fieldMessage = useFieldMessage('admin');
  const formId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<T>({
    resolver: valibotResolver(schema),
    mode: 'onTouched',
    defaultValues: { ...defaultValues, reason: '' } as DefaultValues<T>,
  });
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = form;

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
        {fields?.(form)}
        <TextArea
          label={label}
          maxLength={REJECT_REASON_MAX_LENGTH}
          error={fieldMessage((errors as FieldErrors<ReasonBody>).reason)}
          {...register('reason' as Path<T>)}
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

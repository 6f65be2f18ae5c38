import {
  COMPLAINT_REASONS,
  COMPLAINT_TEXT_MAX_LENGTH,
  type ComplaintReason,
  complaintBodySchema,
  validate,
} from 'contracts';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'shared-ui';
import { Dialog } from 'shared-ui/dialog';
import { useSendComplaint } from '../api/send-complaint';
import styles from './complaint-dialog.module.css';

export function ComplaintDialog({
  modelId,
  open,
  onOpenChange,
}: {
  modelId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('catalog');
  const send = useSendComplaint(modelId);
  const [reason, setReason] = useState<ComplaintReason | ''>('');
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const formId = useId();
  const textId = useId();
  const textErrorId = useId();

  function close(next: boolean) {
    if (!next) {
      setErrors({});
      send.reset();
    }
    onOpenChange(next);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = validate(complaintBodySchema, { reason, text });
    if (!result.ok) {
      setErrors(result.fields);
      return;
    }
    setErrors({});
    send.mutate(result.value, {
      onSuccess: () => {
        const message = t('complaint.sent');
        void import('shared-ui/toast').then(({ toast }) => toast.success(message));
        setReason('');
        setText('');
        onOpenChange(false);
      },
    });
  }

  const reasonError = errors.reason;
  const textError = errors.text;
  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={t('complaint.title')}
      description={t('complaint.description')}
      closeLabel={t('complaint.close')}
      footer={
        <>
          <Button variant="ghost" onClick={() => close(false)}>
            {t('complaint.cancel')}
          </Button>
          <Button type="submit" form={formId} disabled={send.isPending}>
            {t('complaint.submit')}
          </Button>
        </>
      }
    >
      <form id={formId} className={styles.form} onSubmit={submit} noValidate>
        <fieldset className={styles.reasons} aria-invalid={reasonError ? true : undefined}>
          <legend className={styles.label}>{t('complaint.reason')}</legend>
          {COMPLAINT_REASONS.map((value) => (
            <label key={value} className={styles.reason}>
              <input
                type="radio"
                name="reason"
                value={value}
                checked={reason === value}
                onChange={() => setReason(value)}
              />
              {t(`complaint.reasons.${value}`)}
            </label>
          ))}
          {reasonError && (
            <p className={styles.error} role="alert">
              {t(reasonError, { ns: 'platform' })}
            </p>
          )}
        </fieldset>
        <div className={styles.field}>
          <label htmlFor={textId} className={styles.label}>
            {reason === 'other' ? t('complaint.textRequired') : t('complaint.text')}
          </label>
          <textarea
            id={textId}
            name="text"
            rows={4}
            maxLength={COMPLAINT_TEXT_MAX_LENGTH}
            value={text}
            onChange={(event) => setText(event.target.value)}
            aria-invalid={textError ? true : undefined}
            aria-describedby={textError ? textErrorId : undefined}
            className={styles.textarea}
          />
          {textError && (
            <p id={textErrorId} className={styles.error} role="alert">
              {t(textError, { ns: 'platform' })}
            </p>
          )}
        </div>
        {send.isError && (
          <p className={styles.error} role="alert">
            {send.error.message}
          </p>
        )}
      </form>
    </Dialog>
  );
}

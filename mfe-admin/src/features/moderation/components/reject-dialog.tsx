import { REJECT_REASON_MAX_LENGTH } from 'contracts';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, TextArea } from 'shared-ui';
import { Dialog } from 'shared-ui/dialog';
import type { ModerationKind } from '../../../api/review-keys';
import styles from './review.module.css';

/** The ready reasons of each queue; "other" lets the moderator write one. */
export const REJECT_REASONS: Record<ModerationKind, readonly string[]> = {
  profiles: ['photos', 'description', 'contacts', 'prices', 'category', 'duplicate', 'age'],
  campaigns: ['misleading', 'link', 'image', 'prohibited', 'incomplete'],
};

const OTHER = 'other';

/**
 * Rejection with a reason the owner reads: one from the list (sent in the moderator's language)
 * or typed. Stays open with the question while the server answers.
 */
export function RejectDialog({
  kind,
  name,
  loading,
  onReject,
  onClose,
}: {
  kind: ModerationKind;
  name: string;
  loading: boolean;
  onReject: (reason: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const [choice, setChoice] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const textId = useId();
  const errorId = useId();
  // The reasons are described by the error wherever it shows: under the typed reason, or alone.
  const describedBy = error ? (choice === OTHER ? `${textId}-error` : errorId) : undefined;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!choice) return setError(t('reasons.chooseRequired'));
    const reason = choice === OTHER ? text.trim() : t(`reasons.${kind}.${choice}`);
    if (!reason) return setError(t('reasons.otherRequired'));
    if (reason.length > REJECT_REASON_MAX_LENGTH)
      return setError(t('reasons.tooLong', { max: REJECT_REASON_MAX_LENGTH }));
    setError(null);
    onReject(reason);
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !loading) onClose();
      }}
      title={t('reasons.title', { name })}
      description={t('reasons.description')}
      closeLabel={t('common.close')}
    >
      <form className={styles.rejectForm} onSubmit={submit} noValidate data-testid="reject-form">
        <fieldset className={styles.reasons} aria-describedby={describedBy}>
          <legend>{t('reasons.legend')}</legend>
          {[...REJECT_REASONS[kind], OTHER].map((reason) => (
            <label key={reason} className={styles.reason}>
              <input
                type="radio"
                name="reason"
                value={reason}
                checked={choice === reason}
                onChange={() => {
                  setChoice(reason);
                  setError(null);
                }}
              />
              {reason === OTHER ? t('reasons.other') : t(`reasons.${kind}.${reason}`)}
            </label>
          ))}
        </fieldset>
        {choice === OTHER && (
          <TextArea
            id={textId}
            label={t('reasons.otherLabel')}
            value={text}
            maxLength={REJECT_REASON_MAX_LENGTH}
            autoFocus
            error={error ?? undefined}
            announceError
            onChange={(event) => {
              setText(event.target.value);
              setError(null);
            }}
          />
        )}
        {error && choice !== OTHER && (
          <p id={errorId} className={styles.error} role="alert">
            {error}
          </p>
        )}
        <div className={styles.dialogActions}>
          <Button variant="secondary" onClick={onClose} disabled={loading}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="danger" loading={loading}>
            {t('reasons.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

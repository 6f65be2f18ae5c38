import { REJECT_REASON_MAX_LENGTH } from 'contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, TextArea } from 'shared-ui';
import { Dialog } from 'shared-ui/dialog';
import styles from './complaints.module.css';

/** Blocking asks for the comment its owner reads; nothing happens without one. */
export function BlockDialog({
  name,
  loading,
  onBlock,
  onClose,
}: {
  name: string;
  loading: boolean;
  onBlock: (comment: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const text = comment.trim();
    if (!text) return setError(t('complaints.block.commentRequired'));
    if (text.length > REJECT_REASON_MAX_LENGTH)
      return setError(t('reasons.tooLong', { max: REJECT_REASON_MAX_LENGTH }));
    onBlock(text);
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !loading) onClose();
      }}
      title={t('complaints.block.title', { name })}
      description={t('complaints.block.description')}
      closeLabel={t('common.close')}
    >
      <form className={styles.form} onSubmit={submit} noValidate data-testid="block-form">
        <TextArea
          label={t('complaints.block.comment')}
          value={comment}
          maxLength={REJECT_REASON_MAX_LENGTH}
          required
          error={error ?? undefined}
          announceError
          onChange={(event) => {
            setComment(event.target.value);
            setError(null);
          }}
        />
        <div className={styles.dialogActions}>
          <Button variant="secondary" onClick={onClose} disabled={loading}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="danger" loading={loading}>
            {t('complaints.block.confirm')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

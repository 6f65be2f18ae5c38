import { useFieldMessage } from 'account-ui';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Input } from 'shared-ui';
import type { EditorValues } from '../model/form-values';
import { FormSection } from './fields';
import styles from './fields.module.css';

const CONTACTS = ['phone', 'telegram', 'whatsapp', 'viber'] as const;

/** Phone, Telegram, WhatsApp and Viber: at least one. */
export function ContactsSection() {
  const { t } = useTranslation('modelCabinet');
  const fieldMessage = useFieldMessage('modelCabinet');
  const {
    register,
    formState: { errors },
  } = useFormContext<EditorValues>();
  const groupError = fieldMessage(
    errors.contacts?.root ?? (errors.contacts as { message?: string } | undefined),
  );
  return (
    <FormSection id="editor-contacts" title={t('editor.sections.contacts')}>
      <p id="editor-contacts-hint" className={styles.hint}>
        {t('editor.contactsHint')}
      </p>
      <div className={styles.grid}>
        {CONTACTS.map((contact) => (
          <Input
            key={contact}
            label={t(`editor.fields.contacts.${contact}`)}
            type={contact === 'telegram' ? 'text' : 'tel'}
            inputMode={contact === 'telegram' ? 'text' : 'tel'}
            autoComplete="off"
            placeholder={t(`editor.placeholders.${contact}`)}
            aria-describedby="editor-contacts-hint"
            error={fieldMessage(errors.contacts?.[contact])}
            {...register(`contacts.${contact}`)}
          />
        ))}
      </div>
      {groupError && (
        <p role="alert" className={styles.error}>
          {groupError}
        </p>
      )}
    </FormSection>
  );
}

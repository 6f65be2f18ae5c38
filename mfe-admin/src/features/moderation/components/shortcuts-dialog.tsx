import { useTranslation } from 'react-i18next';
import { Dialog } from 'shared-ui/dialog';
import styles from './review.module.css';

/** The review's keys, as `?` or the shortcuts button shows them. */
export const SHORTCUTS = [
  { keys: ['A'], action: 'approve' },
  { keys: ['R'], action: 'reject' },
  { keys: ['N', 'J'], action: 'next' },
  { keys: ['?'], action: 'help' },
] as const;

export function ShortcutsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('shortcuts.title')}
      description={t('shortcuts.hint')}
      closeLabel={t('common.close')}
      size="sm"
    >
      <dl className={styles.shortcutList}>
        {SHORTCUTS.map((shortcut) => (
          <div key={shortcut.action}>
            <dt>
              {shortcut.keys.map((key, index) => (
                <span key={key}>
                  {index > 0 && ` ${t('shortcuts.or')} `}
                  <kbd>{key}</kbd>
                </span>
              ))}
            </dt>
            <dd>{t(`shortcuts.${shortcut.action}`)}</dd>
          </div>
        ))}
      </dl>
    </Dialog>
  );
}

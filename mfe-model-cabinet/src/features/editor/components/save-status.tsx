import { useTranslation } from 'react-i18next';
import type { SaveState } from '../model/use-draft-saver';
import styles from './editor-form.module.css';

const time = (at: number, language: string) =>
  new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'ru-RU', {
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(at));

/** One line that always says where her changes are: saving, saved, or kept on this device. */
export function SaveStatus({
  state,
  creating,
  heldBack,
}: {
  state: SaveState;
  creating: boolean;
  heldBack: boolean;
}) {
  const { t, i18n } = useTranslation('modelCabinet');
  const text = (() => {
    switch (state.kind) {
      case 'idle':
        return creating ? t('editor.save.createHint') : t('editor.save.idle');
      case 'pending':
        return t('editor.save.pending');
      case 'saving':
        return t('editor.save.saving');
      case 'saved':
        return t('editor.save.saved', { time: time(state.at, i18n.language) });
      case 'retrying':
        return state.offline ? t('editor.save.offline') : t('editor.save.retrying');
      case 'refused':
        return t('editor.save.refused');
    }
  })();
  const tone = state.kind === 'retrying' || state.kind === 'refused' ? 'warning' : 'neutral';
  return (
    <p role="status" className={styles.saveStatus} data-tone={tone} data-state={state.kind}>
      {text}
      {heldBack && state.kind !== 'refused' && (
        <span className={styles.heldBack}> {t('editor.save.heldBack')}</span>
      )}
    </p>
  );
}

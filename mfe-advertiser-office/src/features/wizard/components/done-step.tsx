import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { buttonClassName } from 'shared-ui';
import styles from './wizard.module.css';

/** Step "done": paid and waiting for moderation; the result arrives as a notification. */
export function DoneStep() {
  const { t } = useTranslation('advertiserOffice');
  return (
    <div className={styles.stack} data-testid="wizard-done">
      <p>{t('wizard.done.text')}</p>
      <div className={styles.footer}>
        <Link to="/advister/ads/moderating" className={buttonClassName()}>
          {t('wizard.done.toAds')}
        </Link>
        <Link to="/advister/create" className={buttonClassName({ variant: 'secondary' })}>
          {t('wizard.done.another')}
        </Link>
      </div>
    </div>
  );
}

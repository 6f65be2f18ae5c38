import { useTranslation } from 'react-i18next';
import { Card } from 'shared-ui';
import styles from './bonus-info-card.module.css';

/** What the two kinds of code do (spec: the information card of the bonuses page). */
export function BonusInfoCard() {
  const { t } = useTranslation('account');
  return (
    <Card as="section" aria-labelledby="bonus-info-title" className={styles.card}>
      <h2 id="bonus-info-title" className={styles.title}>
        {t('bonuses.info.title')}
      </h2>
      <dl className={styles.list}>
        <div>
          <dt>{t('bonuses.info.balanceTitle')}</dt>
          <dd>{t('bonuses.info.balanceText')}</dd>
        </div>
        <div>
          <dt>{t('bonuses.info.depositTitle')}</dt>
          <dd>{t('bonuses.info.depositText')}</dd>
        </div>
      </dl>
      <p className={styles.note}>{t('bonuses.info.note')}</p>
    </Card>
  );
}

import { useTranslation } from 'react-i18next';
import { Card } from 'shared-ui';
import { PageHeader } from '../../../components/page-header';
import { ActiveBonuses } from './active-bonuses';
import { BonusInfoCard } from './bonus-info-card';
import styles from './bonuses-page.module.css';
import { PromoCodeForm } from './promo-code-form';

/** `<area>/bonuses`: the kept codes with their deletes, the activation form, and what codes do. */
export default function BonusesPage() {
  const { t } = useTranslation('account');
  return (
    <>
      <PageHeader title={t('bonuses.title')} />
      <div className={styles.grid}>
        <div className={styles.main}>
          <Card as="section" aria-labelledby="promo-form-title" className={styles.block}>
            <h2 id="promo-form-title" className={styles.blockTitle}>
              {t('bonuses.form.title')}
            </h2>
            <PromoCodeForm />
          </Card>
          <Card className={styles.block}>
            <ActiveBonuses />
          </Card>
        </div>
        <BonusInfoCard />
      </div>
    </>
  );
}

import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Dialog } from 'shared-ui/dialog';
import { useAccountArea } from '../../../area';
import { ActiveBonuses } from './active-bonuses';
import styles from './promo-dialog.module.css';
import { PromoCodeForm } from './promo-code-form';

/** The cabinet menu's "Bonuses" (`#promo`): activate a code here, or go to the bonuses page. */
export default function PromoDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('account');
  const { base } = useAccountArea();
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('bonuses.dialog.title')}
      description={t('bonuses.dialog.description')}
      closeLabel={t('common.close')}
      footer={
        <Link to={`${base}/bonuses`} className={styles.pageLink}>
          {t('bonuses.dialog.toPage')}
        </Link>
      }
    >
      <div className={styles.body}>
        <PromoCodeForm onActivated={onClose} />
        <ActiveBonuses headingLevel={3} />
      </div>
    </Dialog>
  );
}

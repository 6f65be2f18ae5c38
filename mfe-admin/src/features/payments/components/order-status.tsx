import type { PaymentOrderStatus } from 'contracts';
import { useTranslation } from 'react-i18next';
import { Badge } from 'shared-ui';
import styles from './payments.module.css';

const TONE: Record<PaymentOrderStatus, 'waiting' | 'paid' | 'failed'> = {
  created: 'waiting',
  waiting: 'waiting',
  confirming: 'waiting',
  confirmed: 'waiting',
  partially_paid: 'paid',
  finished: 'paid',
  failed: 'failed',
  expired: 'failed',
};

/** An order's status as the gateway last reported it, coloured by what it means for the money. */
export function OrderStatus({ status }: { status: PaymentOrderStatus }) {
  const { t } = useTranslation('admin');
  return <Badge className={styles[TONE[status]]}>{t(`payments.status.${status}`)}</Badge>;
}

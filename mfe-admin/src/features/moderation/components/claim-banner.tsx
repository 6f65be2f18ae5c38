import { formatDateTime } from 'account-ui';
import { useTranslation } from 'react-i18next';
import { Button } from 'shared-ui';
import type { ClaimState } from '../model/use-claim';
import styles from './review.module.css';

const timeOf = (iso: string) => (Number.isNaN(new Date(iso).getTime()) ? iso : formatDateTime(iso));

/** Who holds the item under review: me (others see it taken) or another moderator. */
export function ClaimBanner({ state, onRetry }: { state: ClaimState; onRetry: () => void }) {
  const { t } = useTranslation('admin');
  if (state.status === 'pending') return null;
  return (
    <div className={styles.claim} data-claim={state.status} role="status" data-testid="claim-banner">
      {state.status === 'mine' && <p>{t('review.claim.mine', { time: timeOf(state.until) })}</p>}
      {state.status === 'other' && (
        <p>{t('review.claim.other', { by: state.by, time: timeOf(state.until) })}</p>
      )}
      {state.status === 'failed' && <p>{t('review.claim.failed')}</p>}
      {state.status !== 'mine' && (
        <Button variant="secondary" size="sm" onClick={onRetry}>
          {t('review.claim.retry')}
        </Button>
      )}
    </div>
  );
}

import { formatDateTime } from 'account-ui';
import type { ModerationClaim } from 'contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { Skeleton, SkeletonText } from 'shared-ui';
import styles from './queue.module.css';

/** The page of a queue in the URL (`?page=2`), 1 when absent or nonsense. */
export function usePage(): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  return [page, (next) => setParams(next > 1 ? { page: String(next) } : {})];
}

/** Who holds a queue item now, in words; nothing when nobody does. */
export function ClaimNote({ claim }: { claim: ModerationClaim | null }) {
  const { t } = useTranslation('admin');
  if (!claim) return null;
  return (
    <span className={styles.claim} data-mine={claim.mine || undefined} data-testid="queue-claim">
      {claim.mine
        ? t('queue.claimedByMe')
        : t('queue.claimedBy', {
            by: claim.admin.login ?? claim.admin.email,
            time: formatDateTime(claim.until),
          })}
    </span>
  );
}

/** One waiting item: its title links to the review; the rest says what to expect there. */
export function QueueItem({
  to,
  title,
  claim,
  children,
}: {
  to: string;
  title: string;
  claim: ModerationClaim | null;
  children: ReactNode;
}) {
  return (
    <li
      className={styles.item}
      data-claimed={claim && !claim.mine ? true : undefined}
      data-testid="queue-item"
    >
      <div className={styles.itemMain}>
        <Link to={to} className={styles.itemTitle}>
          {title}
        </Link>
        <div className={styles.itemMeta}>{children}</div>
      </div>
      <ClaimNote claim={claim} />
    </li>
  );
}

export function QueueSkeleton() {
  const { t } = useTranslation('admin');
  return (
    <ul className={styles.list} role="status" aria-busy="true" aria-label={t('common.loading')}>
      {[0, 1, 2].map((index) => (
        <li key={index} className={styles.item}>
          <div className={styles.itemMain}>
            <Skeleton width="40%" height="1.25rem" />
            <SkeletonText lines={1} />
          </div>
        </li>
      ))}
    </ul>
  );
}

export const queueStyles = styles;

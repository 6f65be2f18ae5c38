import type { PromoType } from 'contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, Button } from 'shared-ui';
import { formatDate, formatRubles } from '../../../lib/format';
import { type ActivePromo, forgetActivePromo, useActivePromo } from '../../../lib/promos';
import { notify } from '../../../lib/notify';
import styles from './active-bonuses.module.css';

/** The deposit percentage first: it is the one still to be used. */
const KINDS: PromoType[] = ['DEPOSIT_PERCENTAGE', 'BALANCE_AMOUNT'];

/** The codes this browser keeps, each with its delete (spec: the deposit code is kept locally). */
export function ActiveBonuses({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const { t } = useTranslation('account');
  const deposit = useActivePromo('DEPOSIT_PERCENTAGE');
  const balance = useActivePromo('BALANCE_AMOUNT');
  const promos = { DEPOSIT_PERCENTAGE: deposit, BALANCE_AMOUNT: balance };
  const Heading = `h${headingLevel}` as const;
  const titleId = useId();
  const active = KINDS.filter((kind) => promos[kind] !== null);

  return (
    <section aria-labelledby={titleId} className={styles.section}>
      <Heading id={titleId} className={styles.title}>
        {t('bonuses.active.title')}
      </Heading>
      {active.length === 0 ? (
        <p className={styles.empty}>{t('bonuses.active.empty')}</p>
      ) : (
        <ul className={styles.list}>
          {active.map((kind) => {
            const promo = promos[kind];
            return promo ? <ActiveBonus key={kind} promo={promo} /> : null;
          })}
        </ul>
      )}
    </section>
  );
}

function ActiveBonus({ promo }: { promo: ActivePromo }) {
  const { t } = useTranslation('account');
  const deposit = promo.promoType === 'DEPOSIT_PERCENTAGE';
  return (
    <li className={styles.item} data-testid={`active-bonus-${promo.promoType}`}>
      <div className={styles.text}>
        <p className={styles.headline}>
          <strong>{deposit ? `+${promo.amount}%` : formatRubles(promo.amount)}</strong>
          <Badge variant="neutral">
            {deposit ? t('bonuses.active.depositBadge') : t('bonuses.active.balanceBadge')}
          </Badge>
        </p>
        <p className={styles.description}>{promo.description}</p>
        <p className={styles.meta}>
          {t('bonuses.active.meta', { code: promo.code, date: formatDate(promo.activatedAt) })}
        </p>
      </div>
      <Button
        variant="ghost"
        size="sm"
        aria-label={t('bonuses.active.deleteLabel', { code: promo.code })}
        onClick={() => {
          forgetActivePromo(promo.promoType);
          notify(
            'success',
            deposit ? t('bonuses.toasts.depositRemoved') : t('bonuses.toasts.balanceRemoved'),
          );
        }}
      >
        {t('bonuses.active.delete')}
      </Button>
    </li>
  );
}

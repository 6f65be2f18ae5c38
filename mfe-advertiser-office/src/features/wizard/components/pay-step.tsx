import { formatRubles, topUpAtom, useBalance } from 'account-ui';
import { useSetAtom } from 'jotai';
import { useLocalized } from 'platform';
import { useTranslation } from 'react-i18next';
import { Button, Skeleton } from 'shared-ui';
import { canQuote, useCampaignQuote } from '../api/get-campaign-quote';
import type { Campaign, CampaignDraft } from '../../../lib/campaign';
import { formatCount, formatDay } from '../../../lib/days';
import styles from './wizard.module.css';

interface Props {
  campaign: Campaign;
  draft: CampaignDraft;
  onBack: () => void;
  /** Back to the calendar, when the dates are missing. */
  onChooseDates: () => void;
  onPay: (total: number) => Promise<void>;
  paying: boolean;
}

/**
 * Step "pay": what is bought and its price against the balance. Too little opens the top-up with
 * the missing amount; a campaign paid before (an edit of a running ad) is sent again free of charge.
 */
export function PayStep({ campaign, draft, onBack, onChooseDates, onPay, paying }: Props) {
  const { t } = useTranslation('advertiserOffice');
  const localized = useLocalized();
  const balance = useBalance();
  const setTopUp = useSetAtom(topUpAtom);
  const quote = useCampaignQuote(draft);
  const alreadyPaid = campaign.paid > 0;
  const incomplete = !alreadyPaid && !canQuote(draft);
  const total = alreadyPaid ? 0 : (quote.data?.total ?? null);
  const shortBy = total !== null && balance !== null ? Math.max(0, Math.ceil(total - balance)) : 0;
  const where =
    draft.placement === 'cities'
      ? campaign.cities.map((city) => localized(city.name)).join(', ')
      : t(`placement.${draft.placement ?? 'main'}`);

  return (
    <div className={styles.stack}>
      <dl className={styles.summary} data-testid="pay-summary">
        <div>
          <dt>{t('wizard.pay.ad')}</dt>
          <dd>{draft.heading}</dd>
        </div>
        <div>
          <dt>{t('ads.where')}</dt>
          <dd>{where}</dd>
        </div>
        <div>
          <dt>{t('ads.dates')}</dt>
          <dd>
            {draft.startsOn && draft.endsOn
              ? t('ads.dateRange', { from: formatDay(draft.startsOn), to: formatDay(draft.endsOn) })
              : t('ads.noDates')}
          </dd>
        </div>
        <div>
          <dt>{t('wizard.pay.pricing')}</dt>
          <dd>
            {draft.pricing === 'impressions' && draft.impressions
              ? t('wizard.pay.perImpressions', {
                  count: draft.impressions,
                  formatted: formatCount(draft.impressions),
                })
              : t('pricing.days')}
          </dd>
        </div>
        <div>
          <dt>{t('wizard.pay.total')}</dt>
          <dd data-testid="pay-total">
            {alreadyPaid ? (
              t('wizard.pay.alreadyPaid', { amount: formatRubles(campaign.paid) })
            ) : incomplete ? (
              '—'
            ) : total === null ? (
              <Skeleton width="6em" height="1.25em" />
            ) : (
              formatRubles(total)
            )}
          </dd>
        </div>
        <div>
          <dt>{t('balance.label')}</dt>
          <dd data-testid="pay-balance">
            {balance === null ? <Skeleton width="6em" height="1.25em" /> : formatRubles(balance)}
          </dd>
        </div>
      </dl>
      {quote.isError && !alreadyPaid && (
        <p role="alert" className={styles.error}>
          {t('wizard.quote.error')}{' '}
          <Button variant="ghost" size="sm" onClick={() => void quote.refetch()}>
            {t('common.retry')}
          </Button>
        </p>
      )}
      {incomplete && (
        <p className={styles.warning} role="status">
          {t('wizard.pay.incomplete')}{' '}
          <Button variant="secondary" size="sm" onClick={onChooseDates}>
            {t('wizard.pay.chooseDates')}
          </Button>
        </p>
      )}
      {shortBy > 0 && (
        <p className={styles.warning} role="status">
          {t('wizard.pay.shortBy', { amount: formatRubles(shortBy) })}
        </p>
      )}
      <p className={styles.muted}>{t('wizard.pay.moderationNote')}</p>
      <div className={styles.footer}>
        <Button variant="secondary" onClick={onBack}>
          {t('wizard.back')}
        </Button>
        {shortBy > 0 ? (
          <Button onClick={() => setTopUp({ shortBy })}>{t('wizard.pay.topUp')}</Button>
        ) : (
          <Button
            loading={paying}
            disabled={total === null || incomplete}
            onClick={() => void onPay(total ?? 0)}
          >
            {alreadyPaid
              ? t('wizard.pay.resend')
              : t('wizard.pay.pay', { amount: total === null ? '' : formatRubles(total) })}
          </Button>
        )}
      </div>
    </div>
  );
}

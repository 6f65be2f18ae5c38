import { useLocalized } from 'platform';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button, buttonClassName, Card, Skeleton, SkeletonText } from 'shared-ui';
import type { Campaign } from '../../../lib/campaign';
import { formatCount, formatDay } from '../../../lib/days';
import styles from './ads-page.module.css';

interface Props {
  campaign: Campaign;
  busy: boolean;
  onRepeat: (campaign: Campaign) => void;
  onDelete: (campaign: Campaign) => void;
}

/** One campaign in a tab: status, dates, impressions delivered of bought, the reason if rejected, actions. */
export function CampaignCard({ campaign, busy, onRepeat, onDelete }: Props) {
  const { t } = useTranslation('advertiserOffice');
  const localized = useLocalized();
  const titleId = `campaign-${campaign.id}`;
  const heading = campaign.heading || t('ads.untitled');
  const where =
    campaign.placement === 'cities'
      ? campaign.cities.map((city) => localized(city.name)).join(', ')
      : t(`placement.${campaign.placement}`);
  return (
    <Card as="article" className={styles.card} aria-labelledby={titleId} data-testid="campaign-card">
      <div className={styles.cardTop}>
        <h2 id={titleId} className={styles.cardTitle}>
          {heading}
        </h2>
        <span className={styles.status} data-status={campaign.status} data-testid="campaign-status">
          {t(`status.${campaign.status}`)}
        </span>
      </div>
      <dl className={styles.facts}>
        <div>
          <dt>{t('ads.where')}</dt>
          <dd>{where || '—'}</dd>
        </div>
        <div>
          <dt>{t('ads.dates')}</dt>
          <dd>
            {campaign.startsOn && campaign.endsOn
              ? t('ads.dateRange', { from: formatDay(campaign.startsOn), to: formatDay(campaign.endsOn) })
              : t('ads.noDates')}
          </dd>
        </div>
        <div>
          <dt>{t('ads.impressions')}</dt>
          <dd data-testid="campaign-impressions">
            {campaign.pricing === 'impressions' && campaign.impressions
              ? t('ads.servedOfBought', {
                  served: formatCount(campaign.impressionsServed),
                  bought: formatCount(campaign.impressions),
                })
              : formatCount(campaign.impressionsServed)}
          </dd>
        </div>
        <div>
          <dt>{t('ads.clicks')}</dt>
          <dd>{formatCount(campaign.clicks)}</dd>
        </div>
        {(campaign.refusedImpressions > 0 || campaign.refusedClicks > 0) && (
          <div>
            <dt>{t('ads.refused')}</dt>
            <dd data-testid="campaign-refused">
              {t('ads.refusedValue', {
                impressions: formatCount(campaign.refusedImpressions),
                clicks: formatCount(campaign.refusedClicks),
              })}
            </dd>
          </div>
        )}
      </dl>
      {campaign.status === 'rejected' && campaign.rejectReason && (
        <p className={styles.reason} data-testid="campaign-reason">
          <strong>{t('ads.rejectReason')}</strong> {campaign.rejectReason}
        </p>
      )}
      <div className={styles.actions}>
        {(campaign.status === 'published' || campaign.status === 'completed') && (
          <Link
            to={`/advister?campaign=${campaign.id}`}
            className={buttonClassName({ variant: 'secondary', size: 'sm' })}
            aria-label={t('ads.actions.statsOf', { heading })}
          >
            {t('ads.actions.stats')}
          </Link>
        )}
        {campaign.actions.includes('edit') && (
          <Link
            to={`/advister/edit/${campaign.id}`}
            className={buttonClassName({ variant: 'secondary', size: 'sm' })}
            aria-label={t('ads.actions.editOf', { heading })}
          >
            {t('ads.actions.edit')}
          </Link>
        )}
        {campaign.actions.includes('repeat') && (
          <Button
            variant="secondary"
            size="sm"
            disabled={busy}
            onClick={() => onRepeat(campaign)}
            aria-label={t('ads.actions.repeatOf', { heading })}
          >
            {t('ads.actions.repeat')}
          </Button>
        )}
        {campaign.actions.includes('delete') && (
          <Button
            variant="ghost"
            size="sm"
            disabled={busy}
            onClick={() => onDelete(campaign)}
            aria-label={t('ads.actions.deleteOf', { heading })}
          >
            {t('ads.actions.delete')}
          </Button>
        )}
      </div>
    </Card>
  );
}

export function CampaignCardSkeleton() {
  return (
    <Card className={styles.card}>
      <Skeleton width="60%" height="1.5rem" />
      <SkeletonText lines={4} />
      <Skeleton width="12rem" height="2rem" radius="var(--radius-md)" />
    </Card>
  );
}

import { ErrorState, formatDate, formatDateTime, formatRubles } from 'account-ui';
import type { Campaign } from 'contracts/campaigns';
import { useLocalized } from 'platform';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { Badge } from 'shared-ui';
import { formatCount } from '../../../lib/format-count';
import { useModerationCampaign } from '../api/get-moderation-campaign';
import { useReviewFlow } from '../model/use-review-flow';
import { ReviewSkeleton } from './review-skeleton';
import { ReviewFrame } from './review-frame';
import styles from './review.module.css';

/** `/admin/ads/:id`: one campaign's review; a new view (and claim) per item. */
export default function CampaignReviewPage() {
  const { id } = useParams();
  const campaignId = Number(id);
  return <CampaignReview key={campaignId} id={campaignId} />;
}

function Row({ name, children }: { name: string; children: ReactNode }) {
  const { t } = useTranslation('admin');
  return (
    <>
      <dt>{t(`review.campaign.fields.${name}`)}</dt>
      <dd>{children}</dd>
    </>
  );
}

function CampaignFields({ campaign }: { campaign: Campaign }) {
  const { t } = useTranslation('admin');
  const localized = useLocalized();
  const blank = <span className={styles.blank}>{t('review.blank')}</span>;
  const text = (value: string | null | undefined) => (value ? value : blank);
  return (
    <section className={styles.section} aria-labelledby="review-campaign-fields">
      <h2 id="review-campaign-fields" className={styles.sectionTitle}>
        {t('review.fieldsTitle')}
      </h2>
      <dl className={styles.fieldList} data-testid="campaign-fields">
        <Row name="format">{text(campaign.format)}</Row>
        <Row name="heading">{text(campaign.heading)}</Row>
        <Row name="description">
          {campaign.description ? <span className={styles.longText}>{campaign.description}</span> : blank}
        </Row>
        <Row name="link">
          {campaign.link ? (
            <a href={campaign.link} target="_blank" rel="noopener noreferrer nofollow">
              {campaign.link}
            </a>
          ) : (
            blank
          )}
        </Row>
        <Row name="buttonText">{text(campaign.buttonText)}</Row>
        <Row name="placement">
          {campaign.placement ? t(`review.campaign.placements.${campaign.placement}`) : blank}
        </Row>
        <Row name="cities">
          {campaign.cities.length ? campaign.cities.map((city) => localized(city.name)).join(', ') : blank}
        </Row>
        <Row name="pricing">
          {campaign.pricing ? t(`review.campaign.pricings.${campaign.pricing}`) : blank}
        </Row>
        <Row name="impressions">{campaign.impressions !== null ? String(campaign.impressions) : blank}</Row>
        <Row name="dates">
          {campaign.startsOn && campaign.endsOn
            ? t('review.campaign.range', {
                from: formatDate(campaign.startsOn),
                to: formatDate(campaign.endsOn),
              })
            : blank}
        </Row>
        <Row name="paid">{formatRubles(campaign.paid)}</Row>
        <Row name="served">
          {t('review.campaign.countsValue', {
            impressions: formatCount(campaign.impressionsServed),
            clicks: formatCount(campaign.clicks),
          })}
        </Row>
        <Row name="refused">
          <span data-testid="campaign-refused">
            {t('review.campaign.countsValue', {
              impressions: formatCount(campaign.refusedImpressions),
              clicks: formatCount(campaign.refusedClicks),
            })}
          </span>
        </Row>
      </dl>
    </section>
  );
}

function CampaignReview({ id }: { id: number }) {
  const { t } = useTranslation('admin');
  const details = useModerationCampaign(id);
  const data = details.data;
  const campaign = data?.campaign;
  const name = campaign?.heading || t('review.campaign.untitled');
  const flow = useReviewFlow({ kind: 'campaigns', id, name, waiting: campaign?.status === 'moderation' });

  if (details.isPending) return <ReviewSkeleton />;
  if (!data || !campaign)
    return <ErrorState message={t('review.errors.load')} onRetry={() => void details.refetch()} />;

  const meta = (
    <>
      <Badge>{campaign.publishedAt ? t('review.campaign.edit') : t('review.campaign.new')}</Badge>
      <span>
        {t('review.owner')}: {data.owner.email}
      </span>
      {campaign.submittedAt && (
        <span>{t('review.submittedAt', { date: formatDateTime(campaign.submittedAt) })}</span>
      )}
      {campaign.rejectReason && (
        <span className={styles.previous}>
          {t('review.previousReject', { reason: campaign.rejectReason })}
        </span>
      )}
    </>
  );

  return (
    <ReviewFrame
      kind="campaigns"
      title={t('review.campaignTitle', { name })}
      name={name}
      waiting={campaign.status === 'moderation'}
      flow={flow}
      meta={meta}
    >
      <div className={styles.columns}>
        <CampaignFields campaign={campaign} />
        <section className={styles.section} aria-labelledby="review-campaign-image">
          <h2 id="review-campaign-image" className={styles.sectionTitle}>
            {t('review.campaign.image')}
          </h2>
          {campaign.image ? (
            <img
              src={campaign.image.url}
              width={campaign.image.width}
              height={campaign.image.height}
              alt={t('review.campaign.imageOf', { name })}
              className={styles.adImage}
            />
          ) : (
            <p className={styles.blank}>{t('review.campaign.noImage')}</p>
          )}
        </section>
      </div>
    </ReviewFrame>
  );
}

import { ErrorState, formatDate, formatDateTime, formatRubles } from 'account-ui';
import { type OwnProfile, type ProfilePromotions, VIDEO_ORDERS_UPLIFT_PERCENT } from 'contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button, Card, Skeleton } from 'shared-ui';
import { useProfilePromotions } from '../../../api/profiles-promotions';
import type { Promotion } from '../api/buy-promotion';
import styles from './profile-promotions.module.css';

/** A `YYYY-MM-DD` day (the API's nearest free date) as the reader's date. */
export const formatDay = (day: string) => formatDate(`${day}T12:00:00Z`);

/** What the model asked to buy, for the confirmation. */
export interface PurchaseRequest {
  profile: OwnProfile;
  promotion: Promotion;
  price: number;
  name: string;
  days: number;
}

interface Props {
  profile: OwnProfile;
  cityName: string | null;
  videoMissing: boolean;
  busy: boolean;
  onBuy: (request: PurchaseRequest) => void;
}

/** One profile's promotions: top of the city, a bump and video, each with its price and state. */
export function ProfilePromotionsCard({ profile, cityName, videoMissing, busy, onBuy }: Props) {
  const { t } = useTranslation('modelCabinet');
  const info = useProfilePromotions(profile.id);
  const rawName = profile.draft.name;
  const name = typeof rawName === 'string' && rawName.trim() !== '' ? rawName : t('myProfiles.untitled');
  const headingId = `promotion-${profile.id}-name`;
  const reasonId = `promotion-${profile.id}-reason`;

  return (
    <Card
      as="section"
      aria-labelledby={headingId}
      className={styles.card}
      data-testid={`promotion-${profile.id}`}
    >
      <header className={styles.header}>
        <h2 id={headingId} className={styles.name}>
          {name}
        </h2>
        {cityName && <span className={styles.city}>{cityName}</span>}
        <span className={styles.status}>{t(`status.${profile.status}`)}</span>
      </header>
      {info.isPending ? (
        <div role="status" aria-busy="true" aria-label={t('common.loading')}>
          <OffersSkeleton />
        </div>
      ) : info.isError ? (
        <ErrorState message={t('promotion.errors.load')} onRetry={() => void info.refetch()} />
      ) : (
        <Offers
          info={info.data}
          profile={profile}
          name={name}
          reasonId={reasonId}
          videoMissing={videoMissing}
          busy={busy}
          onBuy={onBuy}
        />
      )}
    </Card>
  );
}

function Offers({
  info,
  profile,
  name,
  reasonId,
  videoMissing,
  busy,
  onBuy,
}: {
  info: ProfilePromotions;
  profile: OwnProfile;
  name: string;
  reasonId: string;
  videoMissing: boolean;
  busy: boolean;
  onBuy: (request: PurchaseRequest) => void;
}) {
  const { t } = useTranslation('modelCabinet');
  const { top, bump, video } = info;
  const full = top.free === 0 && top.nextFreeDate !== null;
  const noVideo = videoMissing || !video.hasVideo;
  const request = (promotion: Promotion, price: number) => () =>
    onBuy({ profile, promotion, price, name, days: top.days });
  // A disabled button names its reason (screen readers read it with the button).
  const describedBy = (...ids: (string | false)[]) => ids.filter(Boolean).join(' ') || undefined;

  return (
    <>
      {!info.active && (
        <p id={reasonId} className={styles.notActive}>
          {t('promotion.notActive')}
        </p>
      )}
      <ul className={styles.offers}>
        <li className={styles.offer}>
          <h3>{t('promotion.top.title')}</h3>
          <p className={styles.text}>{t('promotion.top.text', { slots: top.slots, days: top.days })}</p>
          <p className={styles.price}>{formatRubles(top.price)}</p>
          {top.until ? (
            <p className={styles.running}>{t('promotion.top.until', { date: formatDate(top.until) })}</p>
          ) : full && top.nextFreeDate ? (
            <p id={`${reasonId}-top`} className={styles.warning}>
              {t('promotion.top.full', { date: formatDay(top.nextFreeDate) })}
            </p>
          ) : (
            <p className={styles.state}>{t('promotion.top.free', { free: top.free, slots: top.slots })}</p>
          )}
          <Button
            onClick={request('top', top.price)}
            disabled={!info.active || full || busy}
            aria-describedby={describedBy(!info.active && reasonId, full && `${reasonId}-top`)}
          >
            {t('promotion.top.buy', { price: formatRubles(top.price) })}
          </Button>
        </li>
        <li className={styles.offer}>
          <h3>{t('promotion.bump.title')}</h3>
          <p className={styles.text}>{t('promotion.bump.text')}</p>
          <p className={styles.price}>{formatRubles(bump.price)}</p>
          <p className={styles.state}>
            {bump.bumpedAt ? t('promotion.bump.last', { date: formatDateTime(bump.bumpedAt) }) : '\u00a0'}
          </p>
          <Button
            onClick={request('bump', bump.price)}
            disabled={!info.active || busy}
            aria-describedby={describedBy(!info.active && reasonId)}
          >
            {t('promotion.bump.buy', { price: formatRubles(bump.price) })}
          </Button>
        </li>
        <li className={styles.offer}>
          <h3>{t('promotion.video.title')}</h3>
          <p className={styles.text}>{t('promotion.video.text')}</p>
          <p className={styles.uplift}>
            {t('promotion.video.uplift', { percent: VIDEO_ORDERS_UPLIFT_PERCENT })}
          </p>
          <p className={styles.price}>{formatRubles(video.price)}</p>
          {video.until ? (
            <p className={styles.running}>{t('promotion.video.until', { date: formatDate(video.until) })}</p>
          ) : noVideo ? (
            <p id={`${reasonId}-video`} className={styles.warning}>
              {t('promotion.video.missing')}{' '}
              <Link to={`/profile/edit/${profile.id}`}>{t('promotion.video.openEditor')}</Link>
            </p>
          ) : (
            <p className={styles.state}>{'\u00a0'}</p>
          )}
          <Button
            onClick={request('video', video.price)}
            disabled={!info.active || noVideo || busy}
            aria-describedby={describedBy(!info.active && reasonId, noVideo && `${reasonId}-video`)}
          >
            {t('promotion.video.buy', { price: formatRubles(video.price) })}
          </Button>
        </li>
      </ul>
    </>
  );
}

/** The three offers' boxes while their prices load. */
export function OffersSkeleton() {
  return (
    <div className={styles.offers} aria-hidden="true">
      <Skeleton height="13rem" radius="var(--radius-lg)" />
      <Skeleton height="13rem" radius="var(--radius-lg)" />
      <Skeleton height="13rem" radius="var(--radius-lg)" />
    </div>
  );
}

import { ErrorState, formatDate, formatRubles, notify, PageHeader, useOfferTopUp } from 'account-ui';
import { useQueryClient } from '@tanstack/react-query';
import type { OwnProfile } from 'contracts';
import { ApiError } from 'platform';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { buttonClassName, Card, Skeleton } from 'shared-ui';
import { useOwnProfiles } from '../../../api/own-profiles';
import { useCityName } from '../../../api/profiles-cities';
import { profilePromotionsKeys } from '../../../api/profiles-promotions';
import { useBuyPromotion } from '../api/buy-promotion';
import { formatDay, OffersSkeleton, ProfilePromotionsCard, type PurchaseRequest } from './profile-promotions';
import styles from './promotion-page.module.css';

const ConfirmDialog = lazy(() =>
  import('shared-ui/dialog').then((module) => ({ default: module.ConfirmDialog })),
);

/** Promotion (`/profile/promotion`): top of the city, a bump and video for each profile, paid from the balance. */
export default function PromotionPage() {
  const { t } = useTranslation('modelCabinet');
  const profiles = useOwnProfiles();
  const cityName = useCityName();
  const buy = useBuyPromotion();
  const offerTopUp = useOfferTopUp();
  const queryClient = useQueryClient();
  const [request, setRequest] = useState<PurchaseRequest | null>(null);
  const [videoMissing, setVideoMissing] = useState<Record<number, boolean>>({});

  async function purchase({ profile, promotion, price, name }: PurchaseRequest) {
    try {
      const { profile: updated } = await buy.mutateAsync({ id: profile.id, promotion });
      const until = promotion === 'top' ? updated.topUntil : updated.videoUntil;
      notify('success', t(`promotion.toasts.${promotion}`, { name, date: until ? formatDate(until) : '' }));
    } catch (error) {
      if (offerTopUp(error, price)) {
        notify('error', (error as ApiError).message);
      } else if (error instanceof ApiError && error.code === 'SLOTS_FULL') {
        const day = error.params.date;
        notify('error', t('promotion.top.full', { date: typeof day === 'string' ? formatDay(day) : '' }));
        void queryClient.invalidateQueries({ queryKey: profilePromotionsKeys.detail(profile.id) });
      } else if (error instanceof ApiError && error.code === 'VIDEO_REQUIRED') {
        setVideoMissing((missing) => ({ ...missing, [profile.id]: true }));
        notify('error', t('promotion.video.missing'));
      } else {
        notify('error', error instanceof ApiError ? error.message : t('promotion.errors.buy'));
        void queryClient.invalidateQueries({ queryKey: profilePromotionsKeys.detail(profile.id) });
      }
    } finally {
      setRequest(null);
    }
  }

  return (
    <div className={styles.page}>
      <PageHeader title={t('promotion.title')} />
      <p className={styles.intro}>{t('promotion.intro')}</p>
      {profiles.isPending ? (
        <div role="status" aria-busy="true" aria-label={t('common.loading')} className={styles.list}>
          <PromotionCardSkeleton />
        </div>
      ) : profiles.isError ? (
        <ErrorState message={t('errors.loadProfile')} onRetry={() => void profiles.refetch()} />
      ) : profiles.data.items.length === 0 ? (
        <Card as="section" className={styles.empty} aria-labelledby="promotion-empty">
          <h2 id="promotion-empty">{t('promotion.empty.title')}</h2>
          <p>{t('promotion.empty.text')}</p>
          <Link to="/profile" className={buttonClassName({ variant: 'secondary' })}>
            {t('promotion.empty.link')}
          </Link>
        </Card>
      ) : (
        <div className={styles.list}>
          {profiles.data.items.map((profile: OwnProfile) => (
            <ProfilePromotionsCard
              key={profile.id}
              profile={profile}
              cityName={cityName(profile.draft.city)}
              videoMissing={videoMissing[profile.id] ?? false}
              busy={buy.isPending && request?.profile.id === profile.id}
              onBuy={setRequest}
            />
          ))}
        </div>
      )}
      {request && (
        <Suspense fallback={null}>
          <ConfirmDialog
            open
            onOpenChange={(open) => {
              if (!open && !buy.isPending) setRequest(null);
            }}
            title={t(`promotion.confirm.title.${request.promotion}`)}
            description={t(`promotion.confirm.description.${request.promotion}`, {
              name: request.name,
              price: formatRubles(request.price),
              days: request.days,
            })}
            confirmLabel={t('promotion.confirm.confirm', { price: formatRubles(request.price) })}
            cancelLabel={t('common.cancel')}
            loading={buy.isPending}
            onConfirm={() => void purchase(request)}
          />
        </Suspense>
      )}
    </div>
  );
}

/** A profile's block while the list loads: its heading and three offers. */
export function PromotionCardSkeleton() {
  return (
    <Card as="div" className={styles.skeletonCard} aria-hidden="true">
      <Skeleton width="40%" height="1.5rem" />
      <OffersSkeleton />
    </Card>
  );
}

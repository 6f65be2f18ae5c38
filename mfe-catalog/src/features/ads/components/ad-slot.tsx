import { paths } from 'platform';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { AdCard, Skeleton } from 'shared-ui';
import { useAds } from '../api/get-ads';
import { recordImpression } from '../api/record-impression';
import { useAfterIdle } from '../lib/use-after-idle';
import { useViewable } from '../lib/use-viewable';
import { adPlaceFor } from '../model/ad-place';
import type { ServedAd } from 'contracts/campaigns';
import styles from './ad-slot.module.css';

export interface AdSlotProps {
  /** The listing's city filter: its ads; none, the main page's pinned ones. */
  city: string | undefined;
  /** The listing has its answer (cards or an error): only then are ads asked for. */
  listingSettled: boolean;
}

/**
 * The catalogue's ad box. Its height is fixed from the first paint whatever it holds (a
 * placeholder, the ads, or an invitation to advertise when there are none or they failed), so
 * nothing below it ever moves. Ads are asked for only once the listing has settled and the
 * browser is idle: they never hold up a card.
 */
export function AdSlot({ city, listingSettled }: AdSlotProps) {
  const { t } = useTranslation('catalog');
  const ads = useAds(adPlaceFor(city), useAfterIdle(listingSettled));
  const served = ads.data?.ads ?? [];
  const state = ads.isPending ? 'loading' : served.length > 0 ? 'ads' : 'empty';

  return (
    <section
      className={styles.slot}
      aria-label={t('ads.region')}
      aria-busy={state === 'loading'}
      data-testid="ad-slot"
      data-state={state}
    >
      {state === 'loading' && <Skeleton className={styles.placeholder} />}
      {state === 'ads' && (
        <ul className={styles.list}>
          {served.map((ad) => (
            <li key={ad.token} className={styles.item}>
              <ServedAdCard ad={ad} />
            </li>
          ))}
        </ul>
      )}
      {state === 'empty' && (
        <div className={styles.invitation}>
          <p className={styles.invitationText}>{t('ads.invitation')}</p>
          <Link to={paths.advertiserOffice()} className={styles.invitationLink}>
            {t('ads.advertise')}
          </Link>
        </div>
      )}
    </section>
  );
}

function ServedAdCard({ ad }: { ad: ServedAd }) {
  const { t } = useTranslation('catalog');
  const ref = useRef<HTMLElement>(null);
  useViewable(ref, ad.token, () => recordImpression(ad.token));
  return (
    <AdCard
      ref={ref}
      format={ad.format}
      heading={ad.heading}
      description={ad.description}
      buttonText={ad.buttonText}
      image={ad.image}
      href={ad.clickUrl}
      labels={{
        advertising: t('ads.mark'),
        opensInNewTab: t('ads.opensInNewTab'),
        // The API names the format by its code; a code this build does not know is shown as it is.
        format: t(`ads.formats.${ad.format}`, { defaultValue: ad.format }),
      }}
      headingLevel={2}
    />
  );
}

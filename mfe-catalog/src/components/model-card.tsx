import { type ModelCard as ModelCardData, photoSrcSet } from 'contracts';
import { paths, useLocalized } from 'platform';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Badge } from 'shared-ui';
import { CARD_PHOTO_SIZES } from '../lib/preload-images';
import styles from './model-card.module.css';
import { numberFormat } from '../lib/number-format';

/** The card's stream now (live or paused): `liveStream` of the catalogue's answers (issue 28). */
export function liveStreamOf(model: Pick<ModelCardData, 'liveStream'>): ModelCardData['liveStream'] {
  return model.liveStream;
}

export function ModelCard({
  model,
  eager = false,
  headingLevel = 2,
}: {
  model: ModelCardData;
  eager?: boolean;
  /** 3 where the cards sit under a section heading of their own. */
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  const { t, i18n } = useTranslation('catalog');
  const localized = useLocalized();
  const place = [localized(model.city.name), model.metro ? localized(model.metro.name) : null]
    .filter(Boolean)
    .join(', ');
  return (
    <article className={styles.card} data-testid="model-card">
      <Link to={paths.model(model.id)} className={styles.link}>
        <div className={styles.media}>
          {model.photo ? (
            <img
              src={model.photo.url}
              srcSet={photoSrcSet(model.photo.url)}
              // Two columns on a phone, a grid of 220 px and up on wider screens.
              sizes={CARD_PHOTO_SIZES}
              alt={t('card.photoAlt', { name: model.name })}
              width={model.photo.width}
              height={model.photo.height}
              loading={eager ? 'eager' : 'lazy'}
              decoding="async"
              {...(eager ? { fetchPriority: 'high' as const } : {})}
              className={styles.photo}
            />
          ) : null}
          <div className={styles.badges}>
            {model.isTop && <Badge variant="top">{t('card.top')}</Badge>}
            {model.hasVideo && <Badge variant="video">{t('card.video')}</Badge>}
            {model.isOnline && <Badge variant="online">{t('card.online')}</Badge>}
            {liveStreamOf(model) && (
              <span className={styles.live} data-testid="live-badge">
                {t('card.live')}
              </span>
            )}
          </div>
        </div>
        <div className={styles.body}>
          <Heading className={styles.name}>
            {model.name}, <span className={styles.age}>{t('card.age', { count: model.age })}</span>
          </Heading>
          <p className={styles.place}>{place}</p>
          <p className={styles.price}>
            {t('card.pricePerHour', {
              price: numberFormat(i18n.resolvedLanguage).format(model.priceHour),
            })}
          </p>
        </div>
      </Link>
    </article>
  );
}

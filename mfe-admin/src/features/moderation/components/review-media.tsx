import type { ModerationDetails } from 'contracts';
import { useTranslation } from 'react-i18next';
import styles from './review.module.css';

type Media = ModerationDetails['submittedMedia'][number];

/** The largest size of a photo that still fits the column; the browser picks from the variants. */
const srcSetOf = (media: Media) =>
  media.variants.length > 0
    ? media.variants.map((variant) => `${variant.url} ${variant.width}w`).join(', ')
    : undefined;

function MediaItem({ media, name, index, tag }: { media: Media; name: string; index: number; tag?: string }) {
  const { t } = useTranslation('admin');
  return (
    <figure className={styles.mediaItem} data-tag={tag ? 'true' : undefined}>
      {media.kind === 'video' ? (
        // biome-ignore lint/a11y/useMediaCaption: a model's uploaded clip has no captions to offer
        <video
          controls
          preload="metadata"
          src={media.url}
          className={styles.video}
          aria-label={t('review.media.videoOf', { name })}
        />
      ) : (
        <img
          src={media.url}
          srcSet={srcSetOf(media)}
          sizes="(max-width: 768px) 100vw, 720px"
          width={media.width ?? undefined}
          height={media.height ?? undefined}
          alt={t('review.media.photoOf', { name, n: index + 1 })}
          loading={index > 1 ? 'lazy' : undefined}
          className={styles.photo}
        />
      )}
      <figcaption>
        {media.kind === 'video' ? t('review.media.video') : t('review.media.photo', { n: index + 1 })}
        {tag && <span className={styles.changedTag}>{tag}</span>}
      </figcaption>
    </figure>
  );
}

/**
 * Every photo large and the video playable: the submitted files (new ones marked) and, for a
 * change of an approved profile, what visitors see now (files the submission drops marked).
 */
export function ReviewMedia({ details, name }: { details: ModerationDetails; name: string }) {
  const { t } = useTranslation('admin');
  const added = new Set(details.changes?.mediaAdded ?? []);
  const removed = new Set(details.changes?.mediaRemoved ?? []);
  const both = details.approved !== null;
  const photosFirst = (items: Media[]) => [
    ...items.filter((item) => item.kind !== 'video'),
    ...items.filter((item) => item.kind === 'video'),
  ];
  const numbered = (items: Media[]) => {
    let photo = 0;
    return photosFirst(items).map((media) => ({ media, index: media.kind === 'video' ? 0 : photo++ }));
  };

  return (
    <>
      <section className={styles.section} aria-labelledby="review-media-submitted">
        <h2 id="review-media-submitted" className={styles.sectionTitle}>
          {t('review.media.submitted')}
          {details.changes?.mediaReordered && (
            <span className={styles.sectionNote}>{t('review.media.reordered')}</span>
          )}
        </h2>
        {details.submittedMedia.length === 0 ? (
          <p className={styles.blank}>{t('review.media.none')}</p>
        ) : (
          <div className={styles.mediaList} data-testid="submitted-media">
            {numbered(details.submittedMedia).map(({ media, index }) => (
              <MediaItem
                key={media.id}
                media={media}
                name={name}
                index={index}
                tag={both && added.has(media.id) ? t('review.media.added') : undefined}
              />
            ))}
          </div>
        )}
      </section>
      {both && (
        <section className={styles.section} aria-labelledby="review-media-approved">
          <h2 id="review-media-approved" className={styles.sectionTitle}>
            {t('review.media.approved')}
          </h2>
          {details.approvedMedia.length === 0 ? (
            <p className={styles.blank}>{t('review.media.none')}</p>
          ) : (
            <div className={`${styles.mediaList} ${styles.mediaListSmall}`} data-testid="approved-media">
              {numbered(details.approvedMedia).map(({ media, index }) => (
                <MediaItem
                  key={media.id}
                  media={media}
                  name={name}
                  index={index}
                  tag={removed.has(media.id) ? t('review.media.removed') : undefined}
                />
              ))}
            </div>
          )}
        </section>
      )}
    </>
  );
}

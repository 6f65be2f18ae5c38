import { type ModelDetails, photoSrcSet } from 'contracts';
import { PageNotFound, useLocalized } from 'platform';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { Badge, Button, buttonClassName, ScrollRegion, Skeleton } from 'shared-ui';
import { liveStreamOf } from '../../../components/model-card';
import { PROFILE_PHOTO_SIZES } from '../../../lib/preload-images';
import { modelMeta } from '../../../lib/page-meta';
import { useDocumentMeta } from '../../../lib/use-document-meta';
import { useCountView } from '../api/count-view';
import { isMissingProfile, MODEL_ID_PATTERN, useModel } from '../api/get-model';
import styles from './model-page.module.css';

// Radix tabs and dialogs stay out of the listing's first load: they come with this page's data.
const ModelTabs = lazy(() => import('./model-tabs').then((module) => ({ default: module.ModelTabs })));
const ComplaintDialog = lazy(() =>
  import('./complaint-dialog').then((module) => ({ default: module.ComplaintDialog })),
);
// So does the page of a profile that is not there: the listing's first load stays in its budget
// (e2e bundle-budget). A server-rendered one keeps its HTML until this arrives.
const ModelNotFound = lazy(() =>
  import('./model-not-found').then((module) => ({ default: module.ModelNotFound })),
);

export function ModelPage() {
  const { id = '' } = useParams();
  if (!MODEL_ID_PATTERN.test(id)) return <NotFound />;
  return <ModelById id={Number(id)} />;
}

/** A malformed id: not a profile's address at all, so the site's 404 page. */
function NotFound() {
  const { t } = useTranslation('catalog');
  return (
    <PageNotFound
      fallback={
        <p role="status" className={styles.message}>
          {t('model.notFound')}
        </p>
      }
    />
  );
}

function ModelById({ id }: { id: number }) {
  const { t } = useTranslation('catalog');
  const model = useModel(id);

  if (model.isPending) {
    return (
      <div className={styles.layout} aria-busy="true">
        <Skeleton className={styles.photoSkeleton} />
        <Skeleton height={240} />
      </div>
    );
  }
  if (model.isError) {
    if (isMissingProfile(model.error)) {
      return (
        <Suspense fallback={<Skeleton height={240} />}>
          <ModelNotFound id={id} gone={model.error.status === 410} />
        </Suspense>
      );
    }
    return (
      <div role="alert" className={styles.message}>
        <p>{model.error.message}</p>
        <Button onClick={() => void model.refetch()}>{t('listing.retry')}</Button>
      </div>
    );
  }
  return <ModelProfile model={model.data} />;
}

function ModelProfile({ model }: { model: ModelDetails }) {
  const { t } = useTranslation('catalog');
  const localized = useLocalized();
  const [complaintOpen, setComplaintOpen] = useState(false);
  const [complaintRequested, setComplaintRequested] = useState(false);
  useCountView(model.id);

  const city = localized(model.city.name);
  const live = liveStreamOf(model);
  useDocumentMeta(modelMeta(t, localized, model));

  return (
    <article className={styles.layout} data-testid="model-page">
      {/* On a phone the photos scroll sideways: the strip takes focus so arrow keys scroll it too. */}
      <ScrollRegion className={styles.gallery} label={t('model.photos')}>
        {model.photos.map((photo, index) => (
          <img
            key={photo.url}
            src={photo.url}
            srcSet={photoSrcSet(photo.url)}
            width={photo.width}
            height={photo.height}
            alt={photo.alt || t('card.photoAlt', { name: model.name })}
            loading={index === 0 ? 'eager' : 'lazy'}
            {...(index === 0 ? { fetchPriority: 'high' as const } : {})}
            decoding="async"
            sizes={PROFILE_PHOTO_SIZES}
            className={index === 0 ? `${styles.photo} ${styles.wide}` : styles.thumb}
          />
        ))}
        {model.video && (
          // biome-ignore lint/a11y/useMediaCaption: profile videos are short clips models upload without caption files
          <video
            className={`${styles.video} ${styles.wide}`}
            controls
            preload="none"
            poster={model.video.poster?.url}
            aria-label={t('model.videoLabel', { name: model.name })}
          >
            <source src={model.video.url} />
          </video>
        )}
      </ScrollRegion>
      <div className={styles.details}>
        <header className={styles.header}>
          <h1 className={styles.name}>
            {model.name}, {t('card.age', { count: model.age })}
          </h1>
          <p className={styles.muted}>
            {city}
            {model.metro ? `, ${t('model.metro')} ${localized(model.metro.name)}` : ''}
          </p>
          <div className={styles.badges}>
            {model.isTop && <Badge variant="top">{t('card.top')}</Badge>}
            {model.hasVideo && <Badge variant="video">{t('card.video')}</Badge>}
            {model.isOnline && <Badge variant="online">{t('card.online')}</Badge>}
          </div>
          {live && (
            <Link
              to={`/stream/${live.id}/${live.channelId}`}
              className={buttonClassName({ variant: 'primary' }, styles.liveLink)}
              data-testid="profile-live-link"
            >
              {t('model.watchLive')}
            </Link>
          )}
        </header>
        <Suspense fallback={<Skeleton height={240} />}>
          <ModelTabs model={model} />
        </Suspense>
        <div>
          <Button
            variant="ghost"
            onClick={() => {
              setComplaintRequested(true);
              setComplaintOpen(true);
            }}
          >
            {t('complaint.open')}
          </Button>
        </div>
        {complaintRequested && (
          <Suspense fallback={null}>
            <ComplaintDialog modelId={model.id} open={complaintOpen} onOpenChange={setComplaintOpen} />
          </Suspense>
        )}
      </div>
    </article>
  );
}

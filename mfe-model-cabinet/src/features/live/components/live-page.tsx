import { ErrorState, PageHeader } from 'account-ui';
import { LISTED_STATUSES } from 'contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { buttonClassName, Card, Skeleton } from 'shared-ui';
import { useOwnProfiles } from '../../../api/own-profiles';
import { useCurrentStream } from '../api/get-current-stream';
import { type DeviceChoice, useCamera } from '../model/use-camera';
import styles from './live-page.module.css';
import { LiveSetup } from './live-setup';
import { LiveStudio } from './live-studio';

/** `/profile/live`: a listed profile goes live with her camera; after a reload she finds her stream. */
export default function LivePage() {
  const { t } = useTranslation('modelCabinet');
  const profiles = useOwnProfiles();
  const current = useCurrentStream();
  const [choice, setChoice] = useState<DeviceChoice>({ cameraId: '', microphoneId: '' });
  const listed = profiles.data?.items.filter((profile) => LISTED_STATUSES.includes(profile.status)) ?? [];
  const noneListed = profiles.isSuccess && listed.length === 0 && current.data?.stream == null;
  // The camera is asked for only when she can go live (or is live).
  const { camera, retry } = useCamera(choice, !profiles.isPending && !current.isPending && !noneListed);

  return (
    <div className={styles.page}>
      <PageHeader title={t('live.title')} />
      {profiles.isPending || current.isPending ? (
        <div role="status" aria-busy="true" aria-label={t('common.loading')} className={styles.studio}>
          <Skeleton className={styles.screen} />
          <Card as="div" className={styles.panel} aria-hidden="true">
            <Skeleton width="60%" height="1.5rem" />
            <Skeleton height="2.5rem" />
            <Skeleton height="2.5rem" />
          </Card>
        </div>
      ) : profiles.isError || current.isError ? (
        <ErrorState
          message={t('live.errors.load')}
          onRetry={() => {
            void profiles.refetch();
            void current.refetch();
          }}
        />
      ) : current.data.stream ? (
        <LiveStudio stream={current.data.stream} camera={camera} onRetryCamera={retry} />
      ) : noneListed ? (
        <Card
          as="section"
          className={styles.empty}
          aria-labelledby="live-empty"
          data-testid="live-no-profile"
        >
          <h2 id="live-empty">{t('live.empty.title')}</h2>
          <p>{t('live.empty.text')}</p>
          <Link to="/profile" className={buttonClassName({ variant: 'secondary' })}>
            {t('live.empty.link')}
          </Link>
        </Card>
      ) : (
        <LiveSetup profiles={listed} camera={camera} choice={choice} onChoice={setChoice} onRetry={retry} />
      )}
    </div>
  );
}

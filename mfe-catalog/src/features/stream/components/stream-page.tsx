import type { StreamPage as StreamPageData } from 'contracts/streams';
import { useStreamSocket } from 'platform/streams';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { Button, Skeleton } from 'shared-ui';
import { CatalogNotFound } from '../../../components/catalog-not-found';
import { ModelCard } from '../../../components/model-card';
import { streamMeta } from '../../../lib/page-meta';
import { useDocumentMeta } from '../../../lib/use-document-meta';
import { CHANNEL_ID_PATTERN, isMissingStream, STREAM_ID_PATTERN, useStream } from '../api/get-stream';
import { StreamChat } from './stream-chat';
import styles from './stream-page.module.css';
import { StreamPlayer } from './stream-player';

/** `/stream/{id}/{channelId}`: a live stream, rendered on the server like a profile's page. */
export function StreamPage() {
  const { id = '', channelId = '' } = useParams();
  if (!STREAM_ID_PATTERN.test(id) || !CHANNEL_ID_PATTERN.test(channelId)) return <CatalogNotFound />;
  return <StreamById id={Number(id)} channelId={channelId} />;
}

function StreamById({ id, channelId }: { id: number; channelId: string }) {
  const { t } = useTranslation('catalog');
  const stream = useStream(id, channelId);
  if (stream.isPending) {
    return (
      <div className={styles.layout} aria-busy="true" role="status" aria-label={t('stream.loading')}>
        <Skeleton className={styles.screen} />
        <Skeleton height={320} />
      </div>
    );
  }
  if (stream.isError) {
    if (isMissingStream(stream.error)) return <CatalogNotFound />;
    return (
      <div role="alert" className={styles.message}>
        <p>{stream.error.message}</p>
        <Button onClick={() => void stream.refetch()}>{t('listing.retry')}</Button>
      </div>
    );
  }
  return <StreamView stream={stream.data} />;
}

function StreamView({ stream }: { stream: StreamPageData }) {
  const { t } = useTranslation('catalog');
  useDocumentMeta(streamMeta(t, stream));
  const over = stream.status === 'ended';
  // No socket for a stream that is over; the server would only say so.
  const socket = useStreamSocket(over ? null : stream);
  const ended = over || socket.ended !== null || socket.notFound;
  const name = stream.profile?.name ?? t('stream.someone');

  return (
    <article className={styles.page} data-testid="stream-page">
      <h1 className={styles.title}>{t('stream.title', { name })}</h1>
      <div className={styles.layout}>
        <div className={styles.stage}>
          {ended ? (
            <div className={styles.endedCard} role="status" data-testid="stream-ended">
              <h2 className={styles.endedTitle}>{t('stream.ended')}</h2>
              <p>{stream.profile ? t('stream.endedText') : t('stream.endedGone')}</p>
            </div>
          ) : (
            <StreamPlayer socket={socket} name={name} />
          )}
          {stream.profile && (
            <div className={styles.profile}>
              <ModelCard model={stream.profile} />
            </div>
          )}
        </div>
        {!ended && <StreamChat socket={socket} />}
      </div>
    </article>
  );
}

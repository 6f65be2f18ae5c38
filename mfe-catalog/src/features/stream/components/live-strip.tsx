import { photoSrcSet } from 'contracts';
import { useTranslation } from 'react-i18next';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { type LiveStreamsQuery, useLiveStreams } from '../api/get-live-streams';
import styles from './live-strip.module.css';

export const streamPath = (stream: { id: number; channelId: string }) =>
  `/stream/${stream.id}/${stream.channelId}`;

/** "Live now" on the listing (`#live`, where the header's figure leads): nothing when nobody streams. */
export function LiveStrip({ enabled = true, ...query }: LiveStreamsQuery & { enabled?: boolean }) {
  const { t } = useTranslation('catalog');
  // Asked once the cards are in (the cards come first); a server-rendered page has it already.
  const live = useLiveStreams(query, enabled);
  const items = live.data?.items ?? [];
  const { hash } = useLocation();
  const shown = items.length > 0;
  // The header's figure leads here (`#live`); the strip may arrive after the page did.
  useEffect(() => {
    if (shown && hash === '#live') document.getElementById('live')?.scrollIntoView({ block: 'start' });
  }, [shown, hash]);
  if (!shown) return null;
  return (
    <section id="live" className={styles.strip} aria-labelledby="live-strip-title" data-testid="live-strip">
      <h2 id="live-strip-title" className={styles.title}>
        <span className={styles.dot} aria-hidden="true" />
        {t('stream.strip.title')}
      </h2>
      <ul className={styles.list}>
        {items.map((stream) => (
          <li key={stream.id}>
            <Link to={streamPath(stream)} className={styles.item}>
              {stream.profile.photo ? (
                <img
                  src={stream.profile.photo.url}
                  srcSet={photoSrcSet(stream.profile.photo.url)}
                  sizes="96px"
                  alt=""
                  width={96}
                  height={128}
                  loading="lazy"
                  className={styles.photo}
                />
              ) : (
                <span className={styles.photo} />
              )}
              <span className={styles.name}>{stream.profile.name}</span>
              <span className={styles.meta}>
                {stream.status === 'paused'
                  ? t('stream.paused')
                  : t('stream.viewers', { count: stream.viewers })}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

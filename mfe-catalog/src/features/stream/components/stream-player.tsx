import type { UseStreamSocket } from 'platform/streams';
import { createBrowserStreamMedia } from 'platform/streams-media';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'shared-ui';
import styles from './stream-page.module.css';

/**
 * The model's picture. It starts without a click, so muted (browsers play muted video on their
 * own, and only that); the visitor turns the sound on.
 */
export function StreamPlayer({ socket, name }: { socket: UseStreamSocket; name: string }) {
  const { t } = useTranslation('catalog');
  const video = useRef<HTMLVideoElement>(null);
  const [muted, setMuted] = useState(true);
  const [failed, setFailed] = useState(false);
  const { session, role, media, socket: client } = socket;
  const paused = socket.state?.status === 'paused';

  useEffect(() => {
    if (session === 0 || role !== 'viewer' || !media || !client) return undefined;
    const created = createBrowserStreamMedia(media, (data) => client.send({ type: 'signal', data }));
    client.setOnSignal((data) => created.onSignal(data));
    setFailed(false);
    let cancelled = false;
    created.watch().then(
      (stream) => {
        if (cancelled || !video.current) return;
        video.current.srcObject = stream;
        video.current.play().catch(() => undefined);
      },
      () => {
        if (!cancelled) setFailed(true);
      },
    );
    return () => {
      cancelled = true;
      client.setOnSignal(undefined);
      created.close();
    };
  }, [session, role, media, client]);

  return (
    <div className={styles.screen}>
      <video
        ref={video}
        className={styles.video}
        autoPlay
        muted={muted}
        playsInline
        aria-label={t('stream.videoLabel', { name })}
        data-testid="stream-video"
      />
      <div className={styles.overlayTop}>
        <span className={paused ? styles.pausedBadge : styles.liveBadge}>
          {paused ? t('stream.paused') : t('stream.live')}
        </span>
        <span className={styles.viewers} data-testid="stream-viewers">
          {t('stream.viewers', { count: socket.state?.viewers ?? 0 })}
        </span>
      </div>
      {paused && (
        <div className={styles.pausedCard} data-testid="stream-paused" role="status">
          {t('stream.pausedCard')}
        </div>
      )}
      {failed && !paused && (
        <div className={styles.pausedCard} role="alert">
          {t('stream.mediaFailed')}
        </div>
      )}
      <Button
        size="sm"
        variant="secondary"
        className={styles.unmute}
        aria-pressed={!muted}
        onClick={() => {
          setMuted((value) => !value);
          video.current?.play().catch(() => undefined);
        }}
      >
        {muted ? t('stream.unmute') : t('stream.mute')}
      </Button>
    </div>
  );
}

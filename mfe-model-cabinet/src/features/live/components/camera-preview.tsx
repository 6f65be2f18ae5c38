import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'shared-ui';
import type { CameraState } from '../model/use-camera';
import styles from './live-page.module.css';

interface Props {
  camera: CameraState;
  onRetry: () => void;
  /** Shown over the picture (the paused card, the live badge). */
  children?: React.ReactNode;
}

/** Her own picture (muted: she must not hear herself), or why there is none and what to do. */
export function CameraPreview({ camera, onRetry, children }: Props) {
  const { t } = useTranslation('modelCabinet');
  const video = useRef<HTMLVideoElement>(null);
  const stream = camera.status === 'ready' ? camera.stream : null;
  useEffect(() => {
    if (video.current) video.current.srcObject = stream;
  }, [stream]);

  if (camera.status === 'unavailable') {
    return (
      <div className={styles.noCamera} role="alert" data-testid="camera-unavailable">
        <h2 className={styles.noCameraTitle}>{t('live.camera.unavailable')}</h2>
        <p>{t(`live.camera.help.${camera.problem}`)}</p>
        <Button variant="secondary" onClick={onRetry}>
          {t('live.camera.retry')}
        </Button>
      </div>
    );
  }
  return (
    <div className={styles.screen}>
      {camera.status === 'pending' ? (
        <div className={styles.waiting} role="status">
          {t('live.camera.asking')}
        </div>
      ) : (
        <video
          ref={video}
          className={styles.video}
          autoPlay
          muted
          playsInline
          aria-label={t('live.camera.preview')}
          data-testid="camera-preview"
        />
      )}
      {children}
    </div>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import type { StreamSummary } from 'contracts/streams';
import { useStreamSocket } from 'platform/streams';
import { type BrowserStreamMedia, createBrowserStreamMedia } from 'platform/streams-media';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Card } from 'shared-ui';
import { type StreamAction, useControlStream, useUpdateStream } from '../api/control-stream';
import { streamKeys } from '../../../api/own-streams';
import type { CameraState } from '../model/use-camera';
import { CameraPreview } from './camera-preview';
import styles from './live-page.module.css';
import { streamErrorMessage } from './stream-error';
import { StudioChat } from './studio-chat';

type Broadcast = 'connecting' | 'on' | 'failed';

interface Props {
  stream: StreamSummary;
  camera: CameraState;
  onRetryCamera: () => void;
}

/** While live: her picture going out, pause/resume/stop, the viewers, the chat switch and the chat. */
export function LiveStudio({ stream, camera, onRetryCamera }: Props) {
  const { t } = useTranslation('modelCabinet');
  const queryClient = useQueryClient();
  const socket = useStreamSocket(stream);
  const control = useControlStream();
  const update = useUpdateStream();
  const [broadcast, setBroadcast] = useState<Broadcast>('connecting');
  const [failedAction, setFailedAction] = useState<{ action: StreamAction | 'chat'; error: unknown } | null>(
    null,
  );
  const media = useRef<BrowserStreamMedia | null>(null);
  const errorId = useId();
  // The REST answer shows at once; the socket's next `state` (sent to every screen) takes over.
  const [answered, setAnswered] = useState<StreamSummary | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new state frame is the trigger
  useEffect(() => setAnswered(null), [socket.state]);
  const state = answered ?? socket.state ?? stream;
  const paused = state.status === 'paused';
  // Pausing goes through setPaused, not a new connection.
  const pausedRef = useRef(paused);
  pausedRef.current = paused;
  const cameraStream = camera.status === 'ready' ? camera.stream : null;
  const { session, role, media: mediaConfig, socket: client } = socket;

  // Every new connection (a reload, a reconnect) publishes her camera again.
  useEffect(() => {
    if (session === 0 || role !== 'model' || !mediaConfig || !client || !cameraStream) return undefined;
    const created = createBrowserStreamMedia(mediaConfig, (data) => client.send({ type: 'signal', data }));
    media.current = created;
    client.setOnSignal((data) => created.onSignal(data));
    setBroadcast('connecting');
    created.setPaused(pausedRef.current);
    created.publish(cameraStream).then(
      () => setBroadcast('on'),
      () => setBroadcast('failed'),
    );
    return () => {
      client.setOnSignal(undefined);
      created.close();
      media.current = null;
    };
  }, [session, role, mediaConfig, client, cameraStream]);

  useEffect(() => media.current?.setPaused(paused), [paused]);

  async function act(action: StreamAction) {
    setFailedAction(null);
    try {
      setAnswered(await control.mutateAsync({ id: stream.id, action }));
    } catch (error) {
      setFailedAction({ action, error });
    }
  }

  async function switchChat(chatEnabled: boolean) {
    setFailedAction(null);
    try {
      setAnswered(await update.mutateAsync({ id: stream.id, chatEnabled }));
    } catch (error) {
      setFailedAction({ action: 'chat', error });
    }
  }

  if (socket.ended) {
    return (
      <Card as="section" className={styles.panel} data-testid="stream-over">
        <h2 className={styles.panelTitle}>{t('live.ended.title')}</h2>
        <p>{t(`live.ended.reason.${socket.ended}`)}</p>
        <Button onClick={() => void queryClient.invalidateQueries({ queryKey: streamKeys.all })}>
          {t('live.ended.again')}
        </Button>
      </Card>
    );
  }

  const errorKey =
    failedAction?.action === 'stop'
      ? 'live.errors.stop'
      : failedAction?.action === 'chat'
        ? 'live.errors.chat'
        : 'live.errors.control';

  return (
    <div className={styles.studio}>
      <div className={styles.stage}>
        <CameraPreview camera={camera} onRetry={onRetryCamera}>
          <div className={styles.overlayTop}>
            <span className={paused ? styles.pausedBadge : styles.liveBadge}>
              {paused ? t('live.status.paused') : t('live.status.live')}
            </span>
            <span className={styles.viewers} data-testid="viewer-count" aria-live="polite">
              {t('live.viewers', { count: state.viewers })}
            </span>
          </div>
          {paused && (
            <div className={styles.pausedCard} data-testid="paused-card">
              {t('live.pausedCard')}
            </div>
          )}
        </CameraPreview>
        <p className={styles.hint} role="status" data-testid="broadcast-status">
          {camera.status === 'ready' ? t(`live.broadcast.${broadcast}`) : t('live.broadcast.noCamera')}
        </p>
        <div className={styles.controls}>
          {paused ? (
            <Button
              onClick={() => void act('resume')}
              loading={control.isPending && control.variables?.action === 'resume'}
            >
              {t('live.actions.resume')}
            </Button>
          ) : (
            <Button
              variant="secondary"
              onClick={() => void act('pause')}
              loading={control.isPending && control.variables?.action === 'pause'}
            >
              {t('live.actions.pause')}
            </Button>
          )}
          <Button
            variant="danger"
            onClick={() => void act('stop')}
            loading={control.isPending && control.variables?.action === 'stop'}
            aria-describedby={failedAction ? errorId : undefined}
          >
            {t('live.actions.stop')}
          </Button>
          <label className={styles.switch}>
            <input
              type="checkbox"
              role="switch"
              checked={state.chatEnabled}
              aria-checked={state.chatEnabled}
              disabled={update.isPending}
              onChange={(event) => void switchChat(event.target.checked)}
            />
            {t('live.chatSwitch')}
          </label>
        </div>
        {failedAction && (
          <p id={errorId} role="alert" className={styles.error}>
            {streamErrorMessage(failedAction.error, errorKey, t)}
          </p>
        )}
      </div>
      <StudioChat socket={socket} chatEnabled={state.chatEnabled} />
    </div>
  );
}

import type { OwnProfile } from 'contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Card, Select } from 'shared-ui';
import { useStartStream } from '../api/start-stream';
import type { CameraState, DeviceChoice } from '../model/use-camera';
import { CameraPreview } from './camera-preview';
import { DeviceFields } from './device-fields';
import styles from './live-page.module.css';
import { profileName } from './profile-name';
import { streamErrorMessage } from './stream-error';

interface Props {
  profiles: OwnProfile[];
  camera: CameraState;
  choice: DeviceChoice;
  onChoice: (choice: DeviceChoice) => void;
  onRetry: () => void;
}

/** Before going live: the preview, which profile, which devices, the chat switch, start. */
export function LiveSetup({ profiles, camera, choice, onChoice, onRetry }: Props) {
  const { t } = useTranslation('modelCabinet');
  const [profileId, setProfileId] = useState(profiles[0]?.id ?? 0);
  const [chatEnabled, setChatEnabled] = useState(true);
  const start = useStartStream();
  const chatId = useId();
  const errorId = useId();
  const titleId = useId();

  return (
    <div className={styles.studio}>
      <CameraPreview camera={camera} onRetry={onRetry} />
      <Card as="section" aria-labelledby={titleId}>
        <form
          className={styles.panel}
          onSubmit={(event) => {
            event.preventDefault();
            start.mutate({ profileId, chatEnabled });
          }}
        >
          <h2 id={titleId} className={styles.panelTitle}>
            {t('live.setup.title')}
          </h2>
          <Select
            label={t('live.setup.profile')}
            value={String(profileId)}
            onChange={(event) => setProfileId(Number(event.target.value))}
          >
            {profiles.map((profile) => (
              <option key={profile.id} value={profile.id}>
                {profileName(profile, t)}
              </option>
            ))}
          </Select>
          <DeviceFields camera={camera} choice={choice} onChoice={onChoice} />
          <label className={styles.switch} htmlFor={chatId}>
            <input
              id={chatId}
              type="checkbox"
              role="switch"
              checked={chatEnabled}
              aria-checked={chatEnabled}
              onChange={(event) => setChatEnabled(event.target.checked)}
            />
            {t('live.chatSwitch')}
          </label>
          {start.isError && (
            <p id={errorId} role="alert" className={styles.error}>
              {streamErrorMessage(start.error, 'live.errors.create', t)}
            </p>
          )}
          <Button
            type="submit"
            loading={start.isPending}
            disabled={camera.status !== 'ready'}
            aria-describedby={start.isError ? errorId : undefined}
          >
            {t('live.setup.start')}
          </Button>
          {camera.status !== 'ready' && <p className={styles.hint}>{t('live.setup.needsCamera')}</p>}
        </form>
      </Card>
    </div>
  );
}

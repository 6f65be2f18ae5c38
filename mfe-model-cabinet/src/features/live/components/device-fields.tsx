import { useTranslation } from 'react-i18next';
import { Select } from 'shared-ui';
import type { CameraState, DeviceChoice } from '../model/use-camera';

interface Props {
  camera: CameraState;
  choice: DeviceChoice;
  onChoice: (choice: DeviceChoice) => void;
}

/** Which camera and microphone: listed once the browser has let the page use them. */
export function DeviceFields({ camera, choice, onChoice }: Props) {
  const { t } = useTranslation('modelCabinet');
  if (camera.status !== 'ready') return null;
  const current = (kind: 'video' | 'audio') =>
    camera.stream
      .getTracks()
      .find((track) => track.kind === kind)
      ?.getSettings().deviceId ?? '';
  return (
    <>
      <Select
        label={t('live.devices.camera')}
        value={choice.cameraId || current('video')}
        onChange={(event) => onChoice({ ...choice, cameraId: event.target.value })}
      >
        {camera.cameras.map((device, index) => (
          <option key={device.deviceId || index} value={device.deviceId}>
            {device.label || t('live.devices.cameraN', { n: index + 1 })}
          </option>
        ))}
      </Select>
      <Select
        label={t('live.devices.microphone')}
        value={choice.microphoneId || current('audio')}
        onChange={(event) => onChoice({ ...choice, microphoneId: event.target.value })}
      >
        {camera.microphones.map((device, index) => (
          <option key={device.deviceId || index} value={device.deviceId}>
            {device.label || t('live.devices.microphoneN', { n: index + 1 })}
          </option>
        ))}
      </Select>
    </>
  );
}

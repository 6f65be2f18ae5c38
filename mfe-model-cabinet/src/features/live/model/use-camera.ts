import { useCallback, useEffect, useState } from 'react';

/** Why there is no picture: no camera or microphone, the browser refused, or no API (old browser, http). */
export type CameraProblem = 'missing' | 'denied' | 'unsupported';

export type CameraState =
  | { status: 'pending' }
  | { status: 'ready'; stream: MediaStream; cameras: MediaDeviceInfo[]; microphones: MediaDeviceInfo[] }
  | { status: 'unavailable'; problem: CameraProblem };

export interface DeviceChoice {
  cameraId: string;
  microphoneId: string;
}

function problemOf(error: unknown): CameraProblem {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  return 'missing';
}

/**
 * The camera and microphone for the preview and the broadcast. Asks again when she picks another
 * device or presses "try again"; the tracks stop when the screen goes away.
 */
export function useCamera(choice: DeviceChoice, wanted = true) {
  const [state, setState] = useState<CameraState>({ status: 'pending' });
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((value) => value + 1), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` asks again on "try again"
  useEffect(() => {
    if (!wanted) return undefined;
    const devices = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
    if (!devices?.getUserMedia) {
      setState({ status: 'unavailable', problem: 'unsupported' });
      return undefined;
    }
    let cancelled = false;
    let stream: MediaStream | null = null;
    setState({ status: 'pending' });
    devices
      .getUserMedia({
        video: choice.cameraId ? { deviceId: { exact: choice.cameraId } } : true,
        audio: choice.microphoneId ? { deviceId: { exact: choice.microphoneId } } : true,
      })
      .then(async (granted) => {
        if (cancelled) {
          for (const track of granted.getTracks()) track.stop();
          return;
        }
        stream = granted;
        // Labels of the devices are known only once permission is given.
        const all = await devices.enumerateDevices().catch(() => [] as MediaDeviceInfo[]);
        if (cancelled) return;
        setState({
          status: 'ready',
          stream: granted,
          cameras: all.filter((device) => device.kind === 'videoinput'),
          microphones: all.filter((device) => device.kind === 'audioinput'),
        });
      })
      .catch((error: unknown) => {
        if (!cancelled) setState({ status: 'unavailable', problem: problemOf(error) });
      });
    return () => {
      cancelled = true;
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [choice.cameraId, choice.microphoneId, attempt, wanted]);

  return { camera: state, retry };
}

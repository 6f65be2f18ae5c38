/**
 * Until engineer M's `platform/src/streams/media` is merged: the plan's `BrowserStreamMedia` with the
 * embedded provider only (plain RTCPeerConnection, signalling through the stream socket). The
 * screens import `platform/streams-media`; the merge points that export at M's implementation and
 * deletes this file.
 */
import type { MediaConfig, SignalData } from 'contracts/streams';

export interface BrowserStreamMedia {
  publish(stream: MediaStream): Promise<void>;
  setPaused(paused: boolean): void;
  watch(): Promise<MediaStream>;
  onSignal(data: SignalData): void;
  close(): void;
}

export function createBrowserStreamMedia(
  config: MediaConfig,
  sendSignal: (data: SignalData) => void,
): BrowserStreamMedia {
  if (config.provider !== 'embedded') throw new Error('LiveKit arrives with platform/streams-media');
  const peer = new RTCPeerConnection({ iceServers: config.iceServers });
  let published: MediaStream | null = null;
  peer.onicecandidate = ({ candidate }) => {
    if (candidate) sendSignal({ kind: 'candidate', candidate: candidate.toJSON() as never });
  };
  const connected = () =>
    new Promise<void>((resolve, reject) => {
      peer.onconnectionstatechange = () => {
        if (peer.connectionState === 'connected') resolve();
        if (peer.connectionState === 'failed') reject(new Error('media connection failed'));
      };
    });
  let gotStream: (stream: MediaStream) => void = () => undefined;
  const remote = new Promise<MediaStream>((resolve) => {
    gotStream = resolve;
  });
  peer.ontrack = (event) => gotStream(event.streams[0] ?? new MediaStream([event.track]));

  return {
    async publish(stream) {
      published = stream;
      for (const track of stream.getTracks())
        peer.addTransceiver(track, { direction: 'sendonly', streams: [stream] });
      const done = connected();
      await peer.setLocalDescription(await peer.createOffer());
      sendSignal({ kind: 'offer', sdp: peer.localDescription?.sdp ?? '' });
      await done;
    },
    setPaused(paused) {
      for (const track of published?.getTracks() ?? []) track.enabled = !paused;
    },
    watch: () => remote,
    onSignal(data) {
      void (async () => {
        if (data.kind === 'candidate') await peer.addIceCandidate(data.candidate);
        else if (data.kind === 'answer') await peer.setRemoteDescription({ type: 'answer', sdp: data.sdp });
        else {
          await peer.setRemoteDescription({ type: 'offer', sdp: data.sdp });
          await peer.setLocalDescription(await peer.createAnswer());
          sendSignal({ kind: 'answer', sdp: peer.localDescription?.sdp ?? '' });
        }
      })().catch(() => undefined);
    },
    close: () => peer.close(),
  };
}

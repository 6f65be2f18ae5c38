import type { SignalData } from 'contracts/streams';
import { type BrowserStreamMedia, MEDIA_CONNECT_TIMEOUT_MS, type SendSignal } from './types';

interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (error: Error) => void;
}

function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  // Nobody may be waiting (a viewer page that closes before watch()): not an unhandled rejection.
  promise.catch(() => {});
  return { promise, resolve, reject };
}

/**
 * WebRTC with the embedded SFU, signalled over the stream socket. The model's browser offers
 * (sendonly audio and video) and the server answers; for a viewer the server offers and the browser
 * answers. ICE candidates trickle both ways; those arriving before the remote description wait.
 */
export function createEmbeddedBrowserMedia(
  iceServers: RTCIceServer[],
  sendSignal: SendSignal,
): BrowserStreamMedia {
  let pc: RTCPeerConnection | null = null;
  let closed = false;
  let paused = false;
  const published: Array<{ sender: RTCRtpSender; track: MediaStreamTrack }> = [];
  const pendingCandidates: RTCIceCandidateInit[] = [];
  const answered = deferred<void>();
  const remote = deferred<MediaStream>();
  let chain = Promise.resolve();

  function connection(): RTCPeerConnection {
    if (closed) throw new Error('media closed');
    if (pc) return pc;
    const created = new RTCPeerConnection({ iceServers });
    created.onicecandidate = (event) => {
      if (!event.candidate?.candidate) return;
      sendSignal({
        kind: 'candidate',
        candidate: {
          candidate: event.candidate.candidate,
          sdpMid: event.candidate.sdpMid,
          sdpMLineIndex: event.candidate.sdpMLineIndex,
        },
      });
    };
    pc = created;
    return created;
  }

  /** Resolves when connected; fails on `failed` or after MEDIA_CONNECT_TIMEOUT_MS. */
  function connected(peer: RTCPeerConnection): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('media did not connect')), MEDIA_CONNECT_TIMEOUT_MS);
      const check = () => {
        if (peer.connectionState === 'connected') {
          clearTimeout(timer);
          resolve();
        } else if (peer.connectionState === 'failed' || peer.connectionState === 'closed') {
          clearTimeout(timer);
          reject(new Error(`media ${peer.connectionState}`));
        }
      };
      peer.addEventListener('connectionstatechange', check);
      check();
    });
  }

  async function flushCandidates(peer: RTCPeerConnection): Promise<void> {
    for (const candidate of pendingCandidates.splice(0)) await peer.addIceCandidate(candidate);
  }

  async function handle(data: SignalData): Promise<void> {
    if (closed) return;
    if (data.kind === 'candidate') {
      if (pc?.remoteDescription) await pc.addIceCandidate(data.candidate);
      else pendingCandidates.push(data.candidate);
      return;
    }
    if (data.kind === 'answer') {
      if (!pc) return;
      await pc.setRemoteDescription({ type: 'answer', sdp: data.sdp });
      await flushCandidates(pc);
      answered.resolve();
      return;
    }
    // The server's offer: this page watches.
    const peer = connection();
    const stream = new MediaStream();
    peer.ontrack = (event) => {
      if (!stream.getTracks().includes(event.track)) stream.addTrack(event.track);
      if (stream.getVideoTracks().length > 0) remote.resolve(stream);
    };
    await peer.setRemoteDescription({ type: 'offer', sdp: data.sdp });
    await flushCandidates(peer);
    const answer = await peer.createAnswer();
    await peer.setLocalDescription(answer);
    sendSignal({ kind: 'answer', sdp: peer.localDescription?.sdp ?? answer.sdp ?? '' });
    connected(peer).catch((error: Error) => remote.reject(error));
  }

  return {
    async publish(stream) {
      const peer = connection();
      for (const track of stream.getTracks()) {
        const { sender } = peer.addTransceiver(track, { direction: 'sendonly', streams: [stream] });
        published.push({ sender, track });
      }
      if (paused) applyPaused();
      const offer = await peer.createOffer();
      await peer.setLocalDescription(offer);
      sendSignal({ kind: 'offer', sdp: peer.localDescription?.sdp ?? offer.sdp ?? '' });
      await answered.promise;
      await connected(peer);
    },

    setPaused(value) {
      paused = value;
      applyPaused();
    },

    watch() {
      return remote.promise;
    },

    onSignal(data) {
      chain = chain.then(() => handle(data)).catch((error: Error) => remote.reject(error));
    },

    close() {
      if (closed) return;
      closed = true;
      const error = new Error('media closed');
      answered.reject(error);
      remote.reject(error);
      pc?.close();
      pc = null;
    },
  };

  /** Paused: tracks disabled and no track on the senders, so nothing is sent at all. */
  function applyPaused(): void {
    for (const { sender, track } of published) {
      track.enabled = !paused;
      sender.replaceTrack(paused ? null : track).catch(() => {
        // The connection is closing.
      });
    }
  }
}

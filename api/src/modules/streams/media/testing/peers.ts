import type { SignalData } from 'contracts/streams';
import {
  MediaStreamTrack,
  RTCPeerConnection,
  type RTCRtpSender,
  RtpHeader,
  RtpPacket,
  useOPUS,
  useSdesMid,
  useVP8,
} from 'werift';
import type { MediaPeer, StreamMedia } from '../types';

/**
 * Headless WebRTC clients (werift) that play the model's and viewers' browsers against a
 * StreamMedia, for the tests and the bench. Signals go straight to the server's MediaPeer, as the
 * stream socket would carry them.
 */
const config = {
  codecs: { audio: [useOPUS()], video: [useVP8()] },
  headerExtensions: { audio: [useSdesMid()], video: [useSdesMid()] },
  iceServers: [],
};

/** Candidates that arrive before the remote description wait for it. */
function signalSink(pc: RTCPeerConnection, onDescription: (data: SignalData) => Promise<void>) {
  const pending: SignalData[] = [];
  let described = false;
  let chain = Promise.resolve();
  return (data: SignalData) => {
    chain = chain.then(async () => {
      if (data.kind === 'candidate') {
        if (described) await pc.addIceCandidate(data.candidate);
        else pending.push(data);
        return;
      }
      await onDescription(data);
      described = true;
      for (const queued of pending.splice(0)) {
        if (queued.kind === 'candidate') await pc.addIceCandidate(queued.candidate);
      }
    });
  };
}

function trickle(pc: RTCPeerConnection, peer: () => MediaPeer | null) {
  pc.onIceCandidate.subscribe((candidate) => {
    // werift hands over the candidate's JSON form.
    if (!candidate?.candidate) return;
    peer()
      ?.signal({
        kind: 'candidate',
        candidate: {
          candidate: candidate.candidate,
          sdpMid: candidate.sdpMid ?? null,
          sdpMLineIndex: candidate.sdpMLineIndex ?? null,
        },
      })
      .catch(() => {});
  });
}

/** A frame's size: one packet of a dozen bytes unless told (the bench sends realistic frames). */
export interface FrameShape {
  videoPackets: number;
  videoBytes: number;
}

export interface TestPublisher {
  pc: RTCPeerConnection;
  peer: MediaPeer;
  /** Key frame requests (PLI) the server sent for the video. */
  readonly plis: number;
  /** Frames written so far. */
  readonly sent: number;
  /** Resolves on the next PLI. */
  nextPli(): Promise<void>;
  /** Sends one audio packet and a video frame (`videoPackets` packets of `videoBytes` bytes). */
  sendFrame(shape?: FrameShape): void;
  /** Sends a frame every `ms` until stopped. */
  start(ms: number, shape?: FrameShape): void;
  stop(): void;
  close(): void;
}

export async function connectPublisher(media: StreamMedia, streamId: number): Promise<TestPublisher> {
  const pc = new RTCPeerConnection(config);
  const tracks = {
    audio: new MediaStreamTrack({ kind: 'audio' }),
    video: new MediaStreamTrack({ kind: 'video' }),
  };
  const senders: Record<'audio' | 'video', RTCRtpSender> = {
    audio: pc.addTransceiver(tracks.audio, { direction: 'sendonly' }).sender,
    video: pc.addTransceiver(tracks.video, { direction: 'sendonly' }).sender,
  };
  let plis = 0;
  let pliWaiters: Array<() => void> = [];
  senders.video.onPictureLossIndication.subscribe(() => {
    plis += 1;
    for (const resolve of pliWaiters.splice(0)) resolve();
  });
  const sink = signalSink(pc, async (data) => {
    if (data.kind === 'answer') await pc.setRemoteDescription({ type: 'answer', sdp: data.sdp });
  });
  let peer: MediaPeer | null = null;
  trickle(pc, () => peer);
  peer = media.publish(streamId, sink);
  if (!peer) throw new Error('this StreamMedia has no embedded publisher');
  const connected = new Promise<void>((resolve, reject) => {
    pc.connectionStateChange.subscribe((state) => {
      if (state === 'connected') resolve();
      if (state === 'failed') reject(new Error('the publisher did not connect'));
    });
  });
  const offer = await pc.createOffer();
  await pc.setLocalDescription(offer);
  await peer.signal({ kind: 'offer', sdp: pc.localDescription?.sdp ?? offer.sdp });
  await connected;

  const seq = { audio: 1000, video: 5000 };
  let ts = { audio: 0, video: 0 };
  let timer: NodeJS.Timeout | undefined;
  let sent = 0;
  const sendFrame = (shape?: FrameShape) => {
    sent += 1;
    seq.audio = (seq.audio + 1) & 0xffff;
    ts = { audio: (ts.audio + 960) >>> 0, video: (ts.video + 3000) >>> 0 };
    const packets = shape?.videoPackets ?? 1;
    for (let index = 0; index < packets; index += 1) {
      seq.video = (seq.video + 1) & 0xffff;
      // A VP8 payload descriptor (S bit on the frame's first packet) and bytes that stand for a frame.
      const payload = Buffer.alloc(Math.max(12, shape?.videoBytes ?? 12), index);
      payload[0] = index === 0 ? 0x10 : 0x00;
      tracks.video.writeRtp(
        new RtpPacket(
          new RtpHeader({
            payloadType: 96,
            sequenceNumber: seq.video,
            timestamp: ts.video,
            marker: index === packets - 1,
          }),
          payload,
        ),
      );
    }
    tracks.audio.writeRtp(
      new RtpPacket(
        new RtpHeader({ payloadType: 111, sequenceNumber: seq.audio, timestamp: ts.audio }),
        Buffer.from([0xfc, 0xff, 0xfe]),
      ),
    );
  };
  return {
    pc,
    peer,
    get plis() {
      return plis;
    },
    get sent() {
      return sent;
    },
    nextPli: () => new Promise<void>((resolve) => pliWaiters.push(resolve)),
    sendFrame,
    start(ms, shape) {
      clearInterval(timer);
      timer = setInterval(() => sendFrame(shape), ms);
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
    },
    close() {
      clearInterval(timer);
      pliWaiters = [];
      peer?.close();
      pc.close().catch(() => {});
    },
  };
}

export interface TestViewer {
  pc: RTCPeerConnection;
  peer: MediaPeer;
  /** RTP packets received so far, per kind. */
  readonly packets: { audio: number; video: number };
  /** Sequence numbers of the video packets received, in order of arrival. */
  readonly videoSequence: number[];
  /** Resolves once `count` more packets of `kind` came; fails after `timeoutMs` (15 s) with the connection's state. */
  receive(kind: 'audio' | 'video', count: number, timeoutMs?: number): Promise<void>;
  close(): void;
}

export async function connectViewer(
  media: StreamMedia,
  streamId: number,
  viewerId: string,
): Promise<TestViewer> {
  const pc = new RTCPeerConnection(config);
  const packets = { audio: 0, video: 0 };
  const videoSequence: number[] = [];
  let waiters: Array<{ kind: 'audio' | 'video'; at: number; resolve: () => void }> = [];
  pc.onTrack.subscribe((track) => {
    const kind = track.kind === 'audio' ? 'audio' : 'video';
    track.onReceiveRtp.subscribe((packet) => {
      packets[kind] += 1;
      if (kind === 'video') videoSequence.push(packet.header.sequenceNumber);
      waiters = waiters.filter((waiter) => {
        if (waiter.kind !== kind || packets[kind] < waiter.at) return true;
        waiter.resolve();
        return false;
      });
    });
  });
  let peer: MediaPeer | null = null;
  const sink = signalSink(pc, async (data) => {
    if (data.kind !== 'offer') return;
    await pc.setRemoteDescription({ type: 'offer', sdp: data.sdp });
    const answer = await pc.createAnswer();
    await pc.setLocalDescription(answer);
    await peer?.signal({ kind: 'answer', sdp: pc.localDescription?.sdp ?? answer.sdp });
  });
  trickle(pc, () => peer);
  const connected = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the viewer did not connect in 30 s')), 30_000);
    pc.connectionStateChange.subscribe((state) => {
      if (state === 'connected') resolve();
      if (state === 'failed') reject(new Error('the viewer did not connect'));
      if (state === 'connected' || state === 'failed') clearTimeout(timer);
    });
  });
  peer = media.watch(streamId, viewerId, sink);
  if (!peer) throw new Error('this StreamMedia has no embedded viewer');
  try {
    await connected;
  } catch (error) {
    peer.close();
    pc.close().catch(() => {});
    throw error;
  }
  return {
    pc,
    peer,
    get packets() {
      return packets;
    },
    videoSequence,
    receive(kind, count, timeoutMs = 15_000) {
      const at = packets[kind] + count;
      return new Promise<void>((resolve, reject) => {
        // Said with the connection's state, so a run where packets never came shows where it stopped.
        const timer = setTimeout(() => {
          waiters = waiters.filter((waiter) => waiter.resolve !== done);
          reject(
            new Error(
              `the viewer had ${packets[kind]} of ${at} ${kind} packets after ${timeoutMs} ms ` +
                `(connection ${pc.connectionState}, ICE ${pc.iceConnectionState}, ` +
                `${pc.getTransceivers().length} transceivers)`,
            ),
          );
        }, timeoutMs);
        const done = () => {
          clearTimeout(timer);
          resolve();
        };
        waiters.push({ kind, at, resolve: done });
      });
    },
    close() {
      peer?.close();
      pc.close().catch(() => {});
    },
  };
}

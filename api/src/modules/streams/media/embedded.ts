import type { MediaConfig, SignalData } from 'contracts/streams';
import {
  type MediaStreamTrack,
  RTCPeerConnection,
  type RTCRtpReceiver,
  type RTCRtpSender,
  type RtpPacket,
  useOPUS,
  useSdesMid,
  useVP8,
} from 'werift';
import type { MediaPeer, StreamMedia } from './types';

/** An RTCIceServer as the browser and werift both take it (STREAM_ICE_SERVERS). */
export interface IceServer {
  urls: string | string[];
  username?: string;
  credential?: string;
}

export interface EmbeddedMediaOptions {
  iceServers: IceServer[];
  /** Viewers per stream; `watch` throws past it (the socket says MEDIA_FAILED). */
  maxViewers: number;
  /**
   * The UDP ports connections bind (each takes one for IPv4 and one for IPv6), for a firewall;
   * else any port the system gives.
   */
  udpPorts?: [number, number];
  /** The shortest time between two key frame requests sent to the model's browser. */
  keyFrameIntervalMs?: number;
  /** Where failures of a single connection go (the server's logger). */
  log?: (error: unknown, message: string) => void;
}

type Kind = 'audio' | 'video';
const KINDS: Kind[] = ['audio', 'video'];
const CLOCK_RATE: Record<Kind, number> = { audio: 48_000, video: 90_000 };

/**
 * Codecs offered and accepted: Opus and VP8 (every browser has both), VP8 with NACK (lost packets
 * are sent again by the sender that lost them) and PLI (a key frame on request). One codec per
 * kind, so the model's packets go to viewers as they are, with only SSRC, payload type, sequence
 * number and timestamp rewritten.
 */
function peerConfig(iceServers: IceServer[], udpPorts: [number, number] | undefined) {
  return {
    icePortRange: udpPorts,
    codecs: { audio: [useOPUS()], video: [useVP8()] },
    headerExtensions: { audio: [useSdesMid()], video: [useSdesMid()] },
    // Always set: werift's default is a public STUN server, which an offline or LAN install must not need.
    iceServers,
    bundlePolicy: 'max-bundle' as const,
  };
}

/**
 * Keeps what viewers receive one continuous RTP stream per kind while what comes in is not: after
 * a pause (packets dropped) or a new publisher connection (new SSRC, sequence and timestamps), the
 * next packet sent continues from the last one sent, so a browser's jitter buffer sees no jump.
 */
class Continuity {
  private seqOffset = 0;
  private tsOffset = 0;
  private lastSeq: number | undefined;
  private lastTs: number | undefined;
  private lastAt = 0;
  private ssrc: number | undefined;
  private rebase = false;

  constructor(private readonly clockRate: number) {}

  /** Forwarding stopped (pause): the next packet starts a new run. */
  gap(): void {
    this.rebase = true;
  }

  /** Rewrites the packet's sequence number and timestamp in place. */
  rewrite(packet: RtpPacket, now: number): void {
    const header = packet.header;
    if (header.ssrc !== this.ssrc) {
      this.ssrc = header.ssrc;
      this.rebase = true;
    }
    if (this.rebase) {
      this.rebase = false;
      if (this.lastSeq !== undefined && this.lastTs !== undefined) {
        const ticks = Math.max(1, Math.round(((now - this.lastAt) * this.clockRate) / 1000));
        this.seqOffset = (this.lastSeq + 1 - header.sequenceNumber) & 0xffff;
        this.tsOffset = (this.lastTs + ticks - header.timestamp) >>> 0;
      }
    }
    header.sequenceNumber = (header.sequenceNumber + this.seqOffset) & 0xffff;
    header.timestamp = (header.timestamp + this.tsOffset) >>> 0;
    this.lastSeq = header.sequenceNumber;
    this.lastTs = header.timestamp;
    this.lastAt = now;
  }
}

interface Publisher {
  pc: RTCPeerConnection;
  /** The receiver and SSRC of the model's video, to ask for key frames. */
  video: { receiver: RTCRtpReceiver; ssrc: number } | undefined;
}

interface Viewer {
  pc: RTCPeerConnection;
  senders: Record<Kind, RTCRtpSender>;
}

interface Room {
  publisher: Publisher | undefined;
  viewers: Map<string, Viewer>;
  /** The stream (its pause is kept in `pausedStreams`, which outlives a room). */
  readonly streamId: number;
  continuity: Record<Kind, Continuity>;
  lastKeyFrameAt: number;
  keyFrameTimer: NodeJS.Timeout | undefined;
}

/** What the SFU holds now (the bench and tests read it): streams, and their connected or connecting peers. */
export interface EmbeddedStats {
  streams: number;
  viewers: number;
  publishers: number;
}

export interface EmbeddedStreamMedia extends StreamMedia {
  stats(): EmbeddedStats;
}

/**
 * The embedded selective forwarding unit: WebRTC in this process (werift). The model's browser
 * sends one audio and one video track; every RTP packet received is handed to each viewer's
 * sender of the same kind (werift encrypts it per connection and answers the viewer's NACKs from
 * its own history). Nothing is decoded or re-encoded, so a viewer costs one SRTP encryption per
 * packet. A viewer's connection, or a PLI from it, asks the model's browser for a key frame (at
 * most one per `keyFrameIntervalMs`, the last request never dropped) so a new viewer sees a
 * picture at once.
 */
export function createEmbeddedMedia(options: EmbeddedMediaOptions): EmbeddedStreamMedia {
  const rooms = new Map<number, Room>();
  const pausedStreams = new Set<number>();
  const keyFrameIntervalMs = options.keyFrameIntervalMs ?? 1_000;
  const log = options.log ?? (() => {});
  const config = peerConfig(options.iceServers, options.udpPorts);

  function room(streamId: number): Room {
    let found = rooms.get(streamId);
    if (!found) {
      found = {
        publisher: undefined,
        viewers: new Map(),
        streamId,
        continuity: { audio: new Continuity(CLOCK_RATE.audio), video: new Continuity(CLOCK_RATE.video) },
        lastKeyFrameAt: 0,
        keyFrameTimer: undefined,
      };
      rooms.set(streamId, found);
    }
    return found;
  }

  function dropIfEmpty(streamId: number, r: Room): void {
    if (!r.publisher && r.viewers.size === 0 && rooms.get(streamId) === r) {
      clearTimeout(r.keyFrameTimer);
      rooms.delete(streamId);
    }
  }

  /** Asks the model's browser for a key frame now, or once the interval since the last is over. */
  function requestKeyFrame(r: Room): void {
    if (r.keyFrameTimer) return;
    const wait = r.lastKeyFrameAt + keyFrameIntervalMs - Date.now();
    if (wait > 0) {
      r.keyFrameTimer = setTimeout(() => {
        r.keyFrameTimer = undefined;
        requestKeyFrame(r);
      }, wait);
      return;
    }
    const video = r.publisher?.video;
    if (!video || pausedStreams.has(r.streamId)) return;
    r.lastKeyFrameAt = Date.now();
    video.receiver.sendRtcpPLI(video.ssrc).catch((error) => log(error, 'streams: could not send a PLI'));
  }

  function forward(r: Room, kind: Kind, packet: RtpPacket): void {
    if (pausedStreams.has(r.streamId)) return;
    if (r.viewers.size === 0) {
      r.continuity[kind].gap();
      return;
    }
    r.continuity[kind].rewrite(packet, Date.now());
    // Serialized once; each sender parses its own copy (it rewrites SSRC and payload type in place).
    const bytes = packet.serialize();
    for (const viewer of r.viewers.values()) {
      viewer.senders[kind].sendRtp(bytes).catch(() => {
        // A viewer whose connection is closing; its state change removes it.
      });
    }
  }

  function signalFromLocal(pc: RTCPeerConnection, send: (data: SignalData) => void): void {
    pc.onIceCandidate.subscribe((candidate) => {
      // werift hands over the candidate's JSON form (its type says RTCIceCandidate; both have these fields).
      if (!candidate?.candidate) return;
      send({
        kind: 'candidate',
        candidate: {
          candidate: candidate.candidate,
          sdpMid: candidate.sdpMid ?? null,
          sdpMLineIndex: candidate.sdpMLineIndex ?? null,
        },
      });
    });
  }

  function closePeer(pc: RTCPeerConnection): void {
    pc.close().catch((error) => log(error, 'streams: could not close a peer connection'));
  }

  const media: EmbeddedStreamMedia = {
    provider: 'embedded',

    async clientConfig(): Promise<MediaConfig> {
      return { provider: 'embedded', iceServers: options.iceServers };
    },

    publish(streamId, send): MediaPeer {
      const r = room(streamId);
      if (r.publisher) closePeer(r.publisher.pc);
      const pc = new RTCPeerConnection(config);
      const publisher: Publisher = { pc, video: undefined };
      r.publisher = publisher;
      signalFromLocal(pc, send);
      pc.onTransceiverAdded.subscribe((transceiver) => {
        transceiver.onTrack.subscribe((track: MediaStreamTrack) => {
          const kind = track.kind as Kind;
          if (!KINDS.includes(kind)) return;
          if (kind === 'video' && track.ssrc !== undefined) {
            publisher.video = { receiver: transceiver.receiver, ssrc: track.ssrc };
            if (r.viewers.size > 0) requestKeyFrame(r);
          }
          track.onReceiveRtp.subscribe((packet) => {
            if (r.publisher === publisher) forward(r, kind, packet);
          });
        });
      });
      return {
        async signal(data) {
          if (data.kind === 'offer') {
            await pc.setRemoteDescription({ type: 'offer', sdp: data.sdp });
            const answer = await pc.createAnswer();
            await pc.setLocalDescription(answer);
            send({ kind: 'answer', sdp: pc.localDescription?.sdp ?? answer.sdp });
          } else if (data.kind === 'candidate') {
            await pc.addIceCandidate(data.candidate);
          } else {
            throw new Error('the model sends offers, not answers');
          }
        },
        close() {
          closePeer(pc);
          if (r.publisher === publisher) {
            r.publisher = undefined;
            dropIfEmpty(streamId, r);
          }
        },
      };
    },

    watch(streamId, viewerId, send): MediaPeer {
      const r = room(streamId);
      const previous = r.viewers.get(viewerId);
      if (previous) {
        r.viewers.delete(viewerId);
        closePeer(previous.pc);
      }
      if (r.viewers.size >= options.maxViewers) {
        dropIfEmpty(streamId, r);
        throw new Error(`stream ${streamId} has its ${options.maxViewers} viewers`);
      }
      const pc = new RTCPeerConnection(config);
      const senders = {
        audio: pc.addTransceiver('audio', { direction: 'sendonly' }).sender,
        video: pc.addTransceiver('video', { direction: 'sendonly' }).sender,
      };
      const viewer: Viewer = { pc, senders };
      r.viewers.set(viewerId, viewer);
      const leave = () => {
        if (r.viewers.get(viewerId) === viewer) {
          r.viewers.delete(viewerId);
          dropIfEmpty(streamId, r);
        }
      };
      senders.video.onPictureLossIndication.subscribe(() => requestKeyFrame(r));
      pc.connectionStateChange.subscribe((state) => {
        if (state === 'connected') requestKeyFrame(r);
        else if (state === 'failed' || state === 'closed') leave();
      });
      signalFromLocal(pc, send);
      const offered = (async () => {
        const offer = await pc.createOffer();
        await pc.setLocalDescription(offer);
        send({ kind: 'offer', sdp: pc.localDescription?.sdp ?? offer.sdp });
      })();
      offered.catch((error) => {
        log(error, 'streams: could not make an offer for a viewer');
        leave();
        closePeer(pc);
      });
      return {
        async signal(data) {
          await offered;
          if (data.kind === 'answer') {
            await pc.setRemoteDescription({ type: 'answer', sdp: data.sdp });
          } else if (data.kind === 'candidate') {
            await pc.addIceCandidate(data.candidate);
          } else {
            throw new Error('a viewer answers; it does not offer');
          }
        },
        close() {
          leave();
          closePeer(pc);
        },
      };
    },

    async setPaused(streamId, paused) {
      // Kept apart from the room: a pause said before the model's browser connects, or while it
      // reconnects (her page reloaded), holds for the connection that follows.
      if (pausedStreams.has(streamId) === paused) return;
      if (paused) pausedStreams.add(streamId);
      else pausedStreams.delete(streamId);
      const r = rooms.get(streamId);
      if (!r) return;
      for (const kind of KINDS) r.continuity[kind].gap();
      // Viewers cannot decode what follows a gap without a key frame.
      if (!paused) {
        r.lastKeyFrameAt = 0;
        requestKeyFrame(r);
      }
    },

    async end(streamId) {
      pausedStreams.delete(streamId);
      const r = rooms.get(streamId);
      if (!r) return;
      rooms.delete(streamId);
      clearTimeout(r.keyFrameTimer);
      const peers = [...r.viewers.values()].map((viewer) => viewer.pc);
      if (r.publisher) peers.push(r.publisher.pc);
      r.viewers.clear();
      r.publisher = undefined;
      await Promise.allSettled(peers.map((pc) => pc.close()));
    },

    async close() {
      pausedStreams.clear();
      await Promise.allSettled([...rooms.keys()].map((streamId) => media.end(streamId)));
    },

    stats() {
      let viewers = 0;
      let publishers = 0;
      for (const r of rooms.values()) {
        viewers += r.viewers.size;
        if (r.publisher) publishers += 1;
      }
      return { streams: rooms.size, viewers, publishers };
    },
  };
  return media;
}

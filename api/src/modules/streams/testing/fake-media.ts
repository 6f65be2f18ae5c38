import type { MediaConfig, SignalData } from 'contracts/streams';
import type { MediaParticipant, MediaPeer, StreamMedia } from '../media/types';

export type FakeMediaCall =
  | { call: 'clientConfig'; streamId: number; participant: MediaParticipant }
  | { call: 'publish'; streamId: number }
  | { call: 'watch'; streamId: number; viewerId: string }
  | { call: 'signal'; streamId: number; peer: string; data: SignalData }
  | { call: 'closePeer'; streamId: number; peer: string }
  | { call: 'setPaused'; streamId: number; paused: boolean }
  | { call: 'end'; streamId: number }
  | { call: 'close' };

export interface FakePeer {
  streamId: number;
  /** `model`, or the viewer's id. */
  id: string;
  /** Sends a signal to this peer's browser, as the real media would. */
  send(data: SignalData): void;
  closed: boolean;
}

/**
 * A StreamMedia that records what the stream module asks of it and lets a test speak for the
 * media side (send signals to a browser). Embedded-like: peers are made and signals relayed.
 */
export function createFakeMedia(config: MediaConfig = { provider: 'embedded', iceServers: [] }) {
  const calls: FakeMediaCall[] = [];
  const peers: FakePeer[] = [];
  /** When set, the peers' `signal` rejects (the media refused a signal). */
  let failSignals = false;

  const peer = (streamId: number, id: string, send: (data: SignalData) => void): MediaPeer => {
    const record: FakePeer = { streamId, id, send, closed: false };
    peers.push(record);
    return {
      async signal(data) {
        calls.push({ call: 'signal', streamId, peer: id, data });
        if (failSignals) throw new Error('refused by the fake media');
      },
      close() {
        record.closed = true;
        calls.push({ call: 'closePeer', streamId, peer: id });
      },
    };
  };

  const media: StreamMedia = {
    provider: config.provider,
    async clientConfig(streamId, participant) {
      calls.push({ call: 'clientConfig', streamId, participant });
      return config;
    },
    publish(streamId, send) {
      calls.push({ call: 'publish', streamId });
      return peer(streamId, 'model', send);
    },
    watch(streamId, viewerId, send) {
      calls.push({ call: 'watch', streamId, viewerId });
      return peer(streamId, viewerId, send);
    },
    async setPaused(streamId, paused) {
      calls.push({ call: 'setPaused', streamId, paused });
    },
    async end(streamId) {
      calls.push({ call: 'end', streamId });
    },
    async close() {
      calls.push({ call: 'close' });
    },
  };

  return {
    media,
    calls,
    peers,
    /** The calls named `call`, in order. */
    callsOf<Name extends FakeMediaCall['call']>(call: Name) {
      return calls.filter((entry): entry is Extract<FakeMediaCall, { call: Name }> => entry.call === call);
    },
    /** The latest open peer of a stream: `model` or a viewer's. */
    peerOf(streamId: number, role: 'model' | 'viewer'): FakePeer | undefined {
      return peers
        .filter(
          (entry) =>
            entry.streamId === streamId && !entry.closed && (role === 'model') === (entry.id === 'model'),
        )
        .at(-1);
    },
    failSignals(fail: boolean) {
      failSignals = fail;
    },
  };
}

export type FakeMedia = ReturnType<typeof createFakeMedia>;

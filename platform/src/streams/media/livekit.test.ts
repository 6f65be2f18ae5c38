import { beforeEach, describe, expect, it, vi } from 'vitest';

/** A mocked livekit-client: a Room that records connect/publish/mute and lets the test emit events. */
const lk = vi.hoisted(() => {
  const rooms: FakeRoom[] = [];
  class FakePublication {
    muted = false;
    readonly calls: string[] = [];
    constructor(
      readonly track: MediaStreamTrack,
      readonly source: string,
    ) {}
    async mute() {
      this.muted = true;
      this.calls.push('mute');
      return undefined;
    }
    async unmute() {
      this.muted = false;
      this.calls.push('unmute');
      return undefined;
    }
  }
  class FakeRoom {
    connected: { url: string; token: string } | null = null;
    disconnected = false;
    readonly published: FakePublication[] = [];
    readonly handlers = new Map<string, Array<(...args: unknown[]) => void>>();
    remoteParticipants = new Map<string, { trackPublications: Map<string, { track?: unknown }> }>();
    localParticipant = {
      publishTrack: async (track: MediaStreamTrack, options: { source: string }) => {
        const publication = new FakePublication(track, options.source);
        this.published.push(publication);
        return publication;
      },
    };
    constructor() {
      rooms.push(this);
    }
    async connect(url: string, token: string) {
      this.connected = { url, token };
    }
    async disconnect() {
      this.disconnected = true;
    }
    on(event: string, handler: (...args: unknown[]) => void) {
      this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
      return this;
    }
    emit(event: string, ...args: unknown[]) {
      for (const handler of this.handlers.get(event) ?? []) handler(...args);
    }
  }
  return {
    rooms,
    module: {
      Room: FakeRoom,
      RoomEvent: { TrackSubscribed: 'trackSubscribed', Disconnected: 'disconnected' },
      Track: { Source: { Camera: 'camera', Microphone: 'microphone' } },
    },
  };
});

vi.mock('livekit-client', () => lk.module);

import { createBrowserStreamMedia } from './index';

class FakeStream {
  private readonly tracks: Array<{ kind: string }>;
  constructor(tracks: Array<{ kind: string }> = []) {
    this.tracks = [...tracks];
  }
  getTracks() {
    return [...this.tracks];
  }
  addTrack(track: { kind: string }) {
    this.tracks.push(track);
  }
}

const CONFIG = { provider: 'livekit' as const, url: 'wss://live.example.test', token: 'jwt-token' };

describe('the browser media with LiveKit', () => {
  beforeEach(() => {
    lk.rooms.length = 0;
    vi.stubGlobal('MediaStream', FakeStream);
  });

  it('joins the room only when asked, publishes camera and microphone, and pauses by muting', async () => {
    const signals: unknown[] = [];
    const m = createBrowserStreamMedia(CONFIG, (data) => signals.push(data));
    expect(lk.rooms).toHaveLength(0);
    const camera = { kind: 'video' };
    const microphone = { kind: 'audio' };
    await m.publish(new FakeStream([camera, microphone]) as unknown as MediaStream);
    const room = lk.rooms[0];
    expect(room?.connected).toEqual({ url: 'wss://live.example.test', token: 'jwt-token' });
    expect(room?.published.map((p) => [p.track, p.source])).toEqual([
      [camera, 'camera'],
      [microphone, 'microphone'],
    ]);
    m.setPaused(true);
    expect(room?.published.map((p) => p.muted)).toEqual([true, true]);
    m.setPaused(false);
    expect(room?.published.map((p) => p.calls)).toEqual([
      ['mute', 'unmute'],
      ['mute', 'unmute'],
    ]);
    // No signalling over the socket with LiveKit.
    m.onSignal({ kind: 'offer', sdp: 'x' });
    expect(signals).toEqual([]);
    m.close();
    expect(room?.disconnected).toBe(true);
  });

  it('watches: resolves with the model’s tracks once a video track is subscribed', async () => {
    const m = createBrowserStreamMedia(CONFIG, () => {});
    let stream: FakeStream | undefined;
    const watching = m.watch().then((value) => {
      stream = value as unknown as FakeStream;
    });
    await vi.waitFor(() => expect(lk.rooms[0]?.handlers.get('trackSubscribed')).toHaveLength(1));
    const room = lk.rooms[0];
    const audio = { kind: 'audio', mediaStreamTrack: { kind: 'audio' } };
    room?.emit('trackSubscribed', audio);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(stream).toBeUndefined();
    const video = { kind: 'video', mediaStreamTrack: { kind: 'video' } };
    room?.emit('trackSubscribed', video);
    await watching;
    expect(stream?.getTracks()).toEqual([audio.mediaStreamTrack, video.mediaStreamTrack]);
  });

  it('takes tracks already subscribed when it joined', async () => {
    const m = createBrowserStreamMedia(CONFIG, () => {});
    const video = { kind: 'video', mediaStreamTrack: { kind: 'video' } };
    const original = lk.module.Room.prototype.connect;
    lk.module.Room.prototype.connect = async function (
      this: InstanceType<typeof lk.module.Room>,
      url,
      token,
    ) {
      await original.call(this, url, token);
      this.remoteParticipants.set('model', { trackPublications: new Map([['TR_v', { track: video }]]) });
    };
    try {
      const stream = (await m.watch()) as unknown as FakeStream;
      expect(stream.getTracks()).toEqual([video.mediaStreamTrack]);
    } finally {
      lk.module.Room.prototype.connect = original;
    }
  });

  it('fails watching when the room disconnects first', async () => {
    const m = createBrowserStreamMedia(CONFIG, () => {});
    const watching = m.watch();
    await vi.waitFor(() => expect(lk.rooms[0]?.handlers.get('disconnected')).toHaveLength(1));
    lk.rooms[0]?.emit('disconnected');
    await expect(watching).rejects.toThrow(/closed/);
  });
});

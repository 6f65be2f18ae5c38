import type { SignalData } from 'contracts/streams';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBrowserStreamMedia } from './index';

/** Small fakes of the browser's WebRTC objects (happy-dom has none), recording what is done. */
class FakeTrack {
  enabled = true;
  constructor(readonly kind: 'audio' | 'video') {}
}

class FakeStream {
  private readonly tracks: FakeTrack[];
  constructor(tracks: FakeTrack[] = []) {
    this.tracks = [...tracks];
  }
  getTracks() {
    return [...this.tracks];
  }
  getVideoTracks() {
    return this.tracks.filter((track) => track.kind === 'video');
  }
  addTrack(track: FakeTrack) {
    this.tracks.push(track);
  }
}

class FakeSender {
  readonly replaced: Array<FakeTrack | null> = [];
  constructor(public track: FakeTrack | null) {}
  async replaceTrack(track: FakeTrack | null) {
    this.replaced.push(track);
    this.track = track;
  }
}

class FakePeerConnection extends EventTarget {
  static all: FakePeerConnection[] = [];
  readonly log: string[] = [];
  readonly transceivers: Array<{ track: FakeTrack; direction: string; sender: FakeSender }> = [];
  readonly candidates: RTCIceCandidateInit[] = [];
  remoteDescription: RTCSessionDescriptionInit | null = null;
  localDescription: RTCSessionDescriptionInit | null = null;
  connectionState: RTCPeerConnectionState = 'new';
  onicecandidate: ((event: { candidate: Partial<RTCIceCandidate> | null }) => void) | null = null;
  ontrack: ((event: { track: FakeTrack }) => void) | null = null;
  closed = false;

  constructor(readonly config: RTCConfiguration) {
    super();
    FakePeerConnection.all.push(this);
  }
  addTransceiver(track: FakeTrack, init: { direction: string }) {
    const transceiver = { track, direction: init.direction, sender: new FakeSender(track) };
    this.transceivers.push(transceiver);
    return transceiver;
  }
  async createOffer() {
    this.log.push('createOffer');
    return { type: 'offer' as const, sdp: `offer with ${this.transceivers.length} m-lines` };
  }
  async createAnswer() {
    this.log.push('createAnswer');
    return { type: 'answer' as const, sdp: 'browser answer' };
  }
  async setLocalDescription(description: RTCSessionDescriptionInit) {
    this.log.push(`local ${description.type}`);
    this.localDescription = description;
  }
  async setRemoteDescription(description: RTCSessionDescriptionInit) {
    this.log.push(`remote ${description.type}`);
    this.remoteDescription = description;
  }
  async addIceCandidate(candidate: RTCIceCandidateInit) {
    if (!this.remoteDescription) throw new Error('InvalidStateError: no remote description');
    this.log.push(`candidate ${candidate.candidate}`);
    this.candidates.push(candidate);
  }
  close() {
    this.closed = true;
    this.connectionState = 'closed';
  }
  /** The test plays the network. */
  setState(state: RTCPeerConnectionState) {
    this.connectionState = state;
    this.dispatchEvent(new Event('connectionstatechange'));
  }
}

const ICE = [{ urls: 'stun:stun.example.com:3478' }];
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the browser media with the embedded SFU', () => {
  let sent: SignalData[];
  beforeEach(() => {
    sent = [];
    FakePeerConnection.all = [];
    vi.stubGlobal('RTCPeerConnection', FakePeerConnection);
    vi.stubGlobal('MediaStream', FakeStream);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  function media() {
    return createBrowserStreamMedia({ provider: 'embedded', iceServers: ICE }, (data) => sent.push(data));
  }

  it('publishes: sendonly tracks, an offer, the answer and candidates both ways, then connected', async () => {
    const m = media();
    const camera = new FakeTrack('video');
    const microphone = new FakeTrack('audio');
    let done = false;
    const publishing = m.publish(new FakeStream([microphone, camera]) as unknown as MediaStream).then(() => {
      done = true;
    });
    await settle();
    const pc = FakePeerConnection.all[0] as FakePeerConnection;
    expect(FakePeerConnection.all).toHaveLength(1);
    expect(pc.config.iceServers).toEqual(ICE);
    expect(pc.transceivers.map((t) => [t.track.kind, t.direction])).toEqual([
      ['audio', 'sendonly'],
      ['video', 'sendonly'],
    ]);
    expect(sent).toEqual([{ kind: 'offer', sdp: 'offer with 2 m-lines' }]);

    // The browser's own candidates go to the server.
    pc.onicecandidate?.({
      candidate: { candidate: 'candidate:1 1 udp 1 10.0.0.2 5000 typ host', sdpMid: '0', sdpMLineIndex: 0 },
    });
    pc.onicecandidate?.({ candidate: null });
    expect(sent.at(-1)).toEqual({
      kind: 'candidate',
      candidate: { candidate: 'candidate:1 1 udp 1 10.0.0.2 5000 typ host', sdpMid: '0', sdpMLineIndex: 0 },
    });
    expect(sent).toHaveLength(2);

    // The server's candidate before its answer waits for it.
    m.onSignal({
      kind: 'candidate',
      candidate: { candidate: 'candidate:server', sdpMid: '0', sdpMLineIndex: 0 },
    });
    m.onSignal({ kind: 'answer', sdp: 'server answer' });
    await settle();
    expect(pc.log).toEqual(['createOffer', 'local offer', 'remote answer', 'candidate candidate:server']);
    expect(done).toBe(false);
    pc.setState('connected');
    await publishing;
  });

  it('fails publishing when the connection fails', async () => {
    const m = media();
    const publishing = m.publish(new FakeStream([new FakeTrack('video')]) as unknown as MediaStream);
    await settle();
    m.onSignal({ kind: 'answer', sdp: 'server answer' });
    await settle();
    (FakePeerConnection.all[0] as FakePeerConnection).setState('failed');
    await expect(publishing).rejects.toThrow(/failed/);
  });

  it('pauses by disabling the tracks and taking them off the senders, and resumes', async () => {
    const m = media();
    const camera = new FakeTrack('video');
    const microphone = new FakeTrack('audio');
    void m.publish(new FakeStream([microphone, camera]) as unknown as MediaStream);
    await settle();
    const pc = FakePeerConnection.all[0] as FakePeerConnection;
    m.setPaused(true);
    expect([camera.enabled, microphone.enabled]).toEqual([false, false]);
    expect(pc.transceivers.map((t) => t.sender.track)).toEqual([null, null]);
    m.setPaused(false);
    expect([camera.enabled, microphone.enabled]).toEqual([true, true]);
    expect(pc.transceivers.map((t) => t.sender.track)).toEqual([microphone, camera]);
  });

  it('watches: answers the server’s offer and resolves with the stream once it has video', async () => {
    const m = media();
    m.onSignal({
      kind: 'candidate',
      candidate: { candidate: 'candidate:early', sdpMid: '0', sdpMLineIndex: 0 },
    });
    m.onSignal({ kind: 'offer', sdp: 'server offer' });
    await settle();
    const pc = FakePeerConnection.all[0] as FakePeerConnection;
    expect(pc.config.iceServers).toEqual(ICE);
    expect(pc.log).toEqual(['remote offer', 'candidate candidate:early', 'createAnswer', 'local answer']);
    expect(sent).toEqual([{ kind: 'answer', sdp: 'browser answer' }]);

    let stream: FakeStream | undefined;
    const watching = m.watch().then((value) => {
      stream = value as unknown as FakeStream;
    });
    const audio = new FakeTrack('audio');
    pc.ontrack?.({ track: audio });
    await settle();
    expect(stream).toBeUndefined();
    const video = new FakeTrack('video');
    pc.ontrack?.({ track: video });
    await watching;
    expect(stream?.getTracks()).toEqual([audio, video]);
  });

  it('closes the connection, and a pending watch fails', async () => {
    const m = media();
    m.onSignal({ kind: 'offer', sdp: 'server offer' });
    await settle();
    const watching = m.watch();
    m.close();
    await expect(watching).rejects.toThrow(/closed/);
    expect((FakePeerConnection.all[0] as FakePeerConnection).closed).toBe(true);
    // Signals after close are ignored: no new connection.
    m.onSignal({ kind: 'offer', sdp: 'again' });
    await settle();
    expect(FakePeerConnection.all).toHaveLength(1);
  });
});

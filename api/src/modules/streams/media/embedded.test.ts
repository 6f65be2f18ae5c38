import { afterEach, describe, expect, it, vi } from 'vitest';
import { RTCPeerConnection } from 'werift';
import { createEmbeddedMedia, type EmbeddedStreamMedia, isMdnsCandidate } from './embedded';
import { connectPublisher, connectViewer, type TestPublisher, type TestViewer } from './testing/peers';

/** Resolves when `check` holds, polling every 20 ms; fails after `ms`. */
async function until(check: () => boolean, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Waits until the model has sent `count` more packets (however slow a loaded machine makes her
 * timer), so "the viewer got nothing" is judged after packets were sent, not after a fixed time.
 */
async function sentMore(publisher: TestPublisher, count: number): Promise<void> {
  const target = publisher.sent + count;
  const deadline = Date.now() + 15_000;
  while (publisher.sent < target) {
    if (Date.now() > deadline)
      throw new Error(`the model sent ${publisher.sent} of ${target} packets in 15 s`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  // What she sent last is given the time a loopback hop takes to arrive, if it were forwarded.
  await new Promise((resolve) => setTimeout(resolve, 50));
}

describe('the embedded SFU (werift)', () => {
  let media: EmbeddedStreamMedia;
  const peers: Array<TestPublisher | TestViewer> = [];

  afterEach(async () => {
    for (const peer of peers.splice(0)) peer.close();
    await media?.close();
  });

  it('forwards the model’s audio and video to every viewer, and asks for a key frame for a newcomer', async () => {
    media = createEmbeddedMedia({ iceServers: [], maxViewers: 10, keyFrameIntervalMs: 200 });
    const publisher = await connectPublisher(media, 1);
    peers.push(publisher);
    const first = await connectViewer(media, 1, 'a');
    const second = await connectViewer(media, 1, 'b');
    peers.push(first, second);
    publisher.start(10);
    await Promise.all([
      first.receive('video', 20),
      first.receive('audio', 20),
      second.receive('video', 20),
      second.receive('audio', 20),
    ]);

    // A viewer arriving later makes the SFU ask the model's browser for a key frame.
    await until(() => publisher.plis > 0);
    // Quiet once the first viewers have their key frame: no requests without a reason.
    await new Promise((resolve) => setTimeout(resolve, 400));
    const quiet = publisher.plis;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(publisher.plis).toBe(quiet);
    const pli = publisher.nextPli();
    const late = await connectViewer(media, 1, 'c');
    peers.push(late);
    await pli;
    await late.receive('video', 5);
    expect(media.stats()).toEqual({ streams: 1, viewers: 3, publishers: 1 });
  });

  it('sends nothing while paused and resumes with a key frame request', async () => {
    media = createEmbeddedMedia({ iceServers: [], maxViewers: 10, keyFrameIntervalMs: 200 });
    const publisher = await connectPublisher(media, 2);
    const viewer = await connectViewer(media, 2, 'a');
    peers.push(publisher, viewer);
    publisher.start(10);
    await viewer.receive('video', 10);

    await media.setPaused(2, true);
    // Packets already in flight may land; after that, nothing while the model keeps sending.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const before = { ...viewer.packets };
    await sentMore(publisher, 12);
    expect(viewer.packets).toEqual(before);

    const pli = publisher.nextPli();
    await media.setPaused(2, false);
    await Promise.all([viewer.receive('video', 10), viewer.receive('audio', 10), pli]);
    // The packets dropped while paused leave no hole in what the viewer's player sees.
    const received = new Set(viewer.videoSequence);
    const lowest = Math.min(...received);
    const highest = Math.max(...received);
    expect(highest - lowest + 1).toBe(received.size);
  });

  it('keeps a pause said before the model connects, and across her reconnection', async () => {
    media = createEmbeddedMedia({ iceServers: [], maxViewers: 10, keyFrameIntervalMs: 200 });
    await media.setPaused(7, true);
    const viewer = await connectViewer(media, 7, 'a');
    const first = await connectPublisher(media, 7);
    peers.push(viewer, first);
    first.start(10);
    await sentMore(first, 12);
    expect(viewer.packets).toEqual({ audio: 0, video: 0 });

    // Her page reloads: the new connection replaces the old one, still paused.
    first.close();
    const second = await connectPublisher(media, 7);
    peers.push(second);
    second.start(10);
    await sentMore(second, 12);
    expect(viewer.packets).toEqual({ audio: 0, video: 0 });

    await media.setPaused(7, false);
    await Promise.all([viewer.receive('video', 10), viewer.receive('audio', 10)]);
  });

  it('closes every connection of a stream when it ends, and leaves other streams alone', async () => {
    media = createEmbeddedMedia({ iceServers: [], maxViewers: 10 });
    const publisher = await connectPublisher(media, 3);
    const viewers = [await connectViewer(media, 3, 'a'), await connectViewer(media, 3, 'b')];
    const otherPublisher = await connectPublisher(media, 4);
    const other = await connectViewer(media, 4, 'a');
    peers.push(publisher, ...viewers, otherPublisher, other);
    publisher.start(10);
    otherPublisher.start(10);
    await Promise.all(viewers.map((viewer) => viewer.receive('video', 5)));

    const closed = new Set<RTCPeerConnection>();
    const close = RTCPeerConnection.prototype.close;
    vi.spyOn(RTCPeerConnection.prototype, 'close').mockImplementation(function (this: RTCPeerConnection) {
      closed.add(this);
      return close.call(this);
    });
    await media.end(3);
    vi.restoreAllMocks();
    // The server's three connections of stream 3 (the model's and two viewers'), none of stream 4
    // (werift closes a connection a second time when its ICE closes: counted once).
    expect(closed.size).toBe(3);
    const testPeers = peers.map((peer) => peer.pc);
    expect([...closed].filter((pc) => testPeers.includes(pc))).toEqual([]);
    expect([...closed].map((pc) => pc.connectionState)).toEqual(['closed', 'closed', 'closed']);
    expect(media.stats()).toEqual({ streams: 1, viewers: 1, publishers: 1 });
    // Packets already in flight may land; after that, none while stream 4 goes on.
    await other.receive('video', 5);
    const before = viewers.map((viewer) => ({ ...viewer.packets }));
    await other.receive('video', 20);
    expect(viewers.map((viewer) => viewer.packets)).toEqual(before);
  });

  it('binds its connections to STREAM_UDP_PORTS', async () => {
    media = createEmbeddedMedia({ iceServers: [], maxViewers: 10, udpPorts: [47100, 47140] });
    const offer = new Promise<string>((resolve) => {
      media.watch(8, 'a', (data) => {
        if (data.kind === 'offer') resolve(data.sdp);
      });
    });
    const ports = [...(await offer).matchAll(/^a=candidate:\S+ \d+ udp \d+ \S+ (\d+) typ host/gm)].map(
      (match) => Number(match[1]),
    );
    expect(ports.length).toBeGreaterThan(0);
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(47100);
      expect(port).toBeLessThanOrEqual(47140);
    }
  });

  it('refuses a viewer past the maximum', async () => {
    media = createEmbeddedMedia({ iceServers: [], maxViewers: 2 });
    const publisher = await connectPublisher(media, 5);
    peers.push(publisher, await connectViewer(media, 5, 'a'), await connectViewer(media, 5, 'b'));
    expect(() => media.watch(5, 'c', () => {})).toThrow(/2 viewers/);
    // Another stream has its own allowance.
    peers.push(await connectViewer(media, 6, 'a'));
    expect(media.stats().viewers).toBe(3);
  });
});

describe('candidates from a browser', () => {
  it('tells mDNS candidates (Chromium hides local addresses behind them) from addresses', () => {
    expect(
      isMdnsCandidate(
        'candidate:2322345 1 udp 2113937151 3c2b0a55-7d3e-4b43-9a0c-5f1b8e2a9c11.local 54321 typ host generation 0',
      ),
    ).toBe(true);
    expect(isMdnsCandidate('candidate:1 1 udp 2113937151 192.168.1.20 54321 typ host')).toBe(false);
    expect(
      isMdnsCandidate('candidate:1 1 udp 1677729535 203.0.113.9 61000 typ srflx raddr 0.0.0.0 rport 0'),
    ).toBe(false);
  });
});

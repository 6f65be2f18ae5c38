import type { SignalData, StreamServerMessage } from 'contracts/streams';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import { closeWebSocket } from '../../testing/websocket-client';
import { connectPublisher, connectViewer } from './media/testing/peers';
import type { MediaPeer, StreamMedia } from './media/types';
import {
  connectStream,
  modelWithListedProfile,
  type StreamClient,
  streamQuery,
} from './testing/stream-client';

let t: TestApp;
let origin: string;

beforeAll(async () => {
  // The real media: the embedded SFU the app makes by default.
  t = await createTestApp();
  origin = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http://', 'ws://');
});

afterAll(async () => {
  await t?.close();
});

/**
 * The browser's side of a stream socket as a StreamMedia, for the headless WebRTC clients of
 * media/testing/peers.ts: their signals go out as `signal` frames, and the server's `signal`
 * frames (those already received too: a viewer's offer comes with the welcome) come back to them.
 */
function overSocket(client: StreamClient): StreamMedia {
  const peer = (deliver: (data: SignalData) => void): MediaPeer => {
    for (const message of client.messages) if (message.type === 'signal') deliver(message.data);
    client.socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as StreamServerMessage;
      if (message.type === 'signal') deliver(message.data);
    });
    return {
      async signal(data) {
        client.send({ type: 'signal', data });
      },
      close() {},
    };
  };
  return {
    provider: 'embedded',
    clientConfig: async () => ({ provider: 'embedded', iceServers: [] }),
    publish: (_streamId, send) => peer(send),
    watch: (_streamId, _viewerId, send) => peer(send),
    setPaused: async () => {},
    end: async () => {},
    close: async () => {},
  };
}

describe('media through /ws/stream with the embedded SFU', () => {
  it("carries the model's frames to a viewer over the socket's signalling, until she stops", async () => {
    const model = await modelWithListedProfile(t);
    const stream = await model.start();
    const modelSocket = await connectStream(origin, streamQuery(stream), {
      headers: { cookie: model.cookie() },
    });
    expect((await modelSocket.next('welcome')).media).toEqual({ provider: 'embedded', iceServers: [] });
    const publisher = await connectPublisher(overSocket(modelSocket), stream.id);
    publisher.start(20);

    const viewerSocket = await connectStream(origin, streamQuery(stream));
    expect((await viewerSocket.next('welcome')).role).toBe('viewer');
    const viewer = await connectViewer(overSocket(viewerSocket), stream.id, 'viewer');
    await viewer.receive('video', 5);
    expect(viewer.packets.video).toBeGreaterThanOrEqual(5);

    await model.agent.post(`/api/streams/${stream.id}/stop`);
    expect(await viewerSocket.next('ended')).toEqual({ type: 'ended', reason: 'stopped' });
    publisher.close();
    viewer.close();
    await Promise.all([closeWebSocket(modelSocket.socket), closeWebSocket(viewerSocket.socket)]);
  }, 40_000);
});

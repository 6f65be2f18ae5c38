import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TokenVerifier } from 'livekit-server-sdk';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiUrlFrom, createLiveKitMedia } from './livekit';

const apiKey = 'APItestkey';
const apiSecret = 'a-test-secret-that-is-long-enough-for-hs256-0123456789';

interface Recorded {
  method: string;
  body: Record<string, unknown>;
  authorization: string | undefined;
}

/** A local fake of LiveKit's RoomService (Twirp, JSON): records calls and answers like LiveKit. */
async function fakeLiveKit() {
  const requests: Recorded[] = [];
  let participantTracks: Array<{ sid: string }> | null = [{ sid: 'TR_audio' }, { sid: 'TR_video' }];
  const server: Server = createServer(async (request, response) => {
    let raw = '';
    for await (const chunk of request) raw += chunk;
    const method = (request.url ?? '').replace('/twirp/livekit.RoomService/', '');
    const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    requests.push({ method, body, authorization: request.headers.authorization });
    const reply = (status: number, json: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(json));
    };
    if (request.method !== 'POST' || !request.url?.startsWith('/twirp/livekit.RoomService/')) {
      return reply(404, { code: 'bad_route', msg: 'no such route' });
    }
    switch (method) {
      case 'CreateRoom':
        return reply(200, { sid: 'RM_1', name: body.name });
      case 'DeleteRoom':
        return reply(200, {});
      case 'GetParticipant':
        if (!participantTracks) return reply(404, { code: 'not_found', msg: 'participant not found' });
        return reply(200, { identity: body.identity, tracks: participantTracks });
      case 'MutePublishedTrack':
        return reply(200, { track: { sid: body.trackSid, muted: body.muted } });
      default:
        return reply(404, { code: 'bad_route', msg: method });
    }
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    withoutParticipant() {
      participantTracks = null;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('the LiveKit adapter', () => {
  let fake: Awaited<ReturnType<typeof fakeLiveKit>>;
  beforeEach(async () => {
    fake = await fakeLiveKit();
  });
  afterEach(async () => {
    await fake.close();
  });

  function media() {
    return createLiveKitMedia({
      url: 'wss://live.example.test',
      apiUrl: fake.url,
      apiKey,
      apiSecret,
      maxViewers: 50,
      tokenTtlSeconds: 300,
    });
  }

  /** Every request to the fake carried a JWT signed with the secret, allowed to administer rooms. */
  async function expectSignedRequests() {
    const verifier = new TokenVerifier(apiKey, apiSecret);
    expect(fake.requests.length).toBeGreaterThan(0);
    for (const request of fake.requests) {
      expect(request.authorization).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/);
      const claims = await verifier.verify(request.authorization?.slice('Bearer '.length) ?? '');
      expect(claims.iss).toBe(apiKey);
      expect(claims.video?.roomAdmin || claims.video?.roomCreate).toBe(true);
    }
    // A token signed with another secret is refused by the same check.
    const other = new TokenVerifier(apiKey, 'another-secret-that-is-long-enough-0123456789');
    await expect(other.verify(fake.requests[0]?.authorization?.slice(7) ?? '')).rejects.toThrow();
  }

  it('gives the model a token to publish and creates the room, and a viewer one to subscribe only', async () => {
    const m = media();
    expect(m.publish(7, () => {})).toBeNull();
    expect(m.watch(7, 'v1', () => {})).toBeNull();
    const verifier = new TokenVerifier(apiKey, apiSecret);

    const model = await m.clientConfig(7, { role: 'model', identity: 'model', name: 'Anna' });
    expect(model).toMatchObject({ provider: 'livekit', url: 'wss://live.example.test' });
    if (model.provider !== 'livekit') throw new Error('unreachable');
    const modelClaims = await verifier.verify(model.token);
    expect(modelClaims.sub).toBe('model');
    expect(modelClaims.name).toBe('Anna');
    expect(modelClaims.video).toMatchObject({
      room: 'stream-7',
      roomJoin: true,
      canPublish: true,
      canSubscribe: true,
      canPublishData: false,
    });
    expect(modelClaims.video?.hidden).toBeFalsy();
    expect(modelClaims.video?.roomAdmin).toBeFalsy();
    const lifetime = Number(modelClaims.exp) - Math.floor(Date.now() / 1000);
    expect(lifetime).toBeGreaterThan(290);
    expect(lifetime).toBeLessThanOrEqual(300);
    expect(fake.requests).toMatchObject([
      { method: 'CreateRoom', body: { name: 'stream-7', emptyTimeout: 60, maxParticipants: 51 } },
    ]);

    const viewer = await m.clientConfig(7, { role: 'viewer', identity: 'v-abc', name: 'guest' });
    if (viewer.provider !== 'livekit') throw new Error('unreachable');
    const viewerClaims = await verifier.verify(viewer.token);
    expect(viewerClaims.sub).toBe('v-abc');
    expect(viewerClaims.video).toMatchObject({
      room: 'stream-7',
      roomJoin: true,
      canPublish: false,
      canSubscribe: true,
      hidden: true,
    });
    // A viewer creates nothing.
    expect(fake.requests).toHaveLength(1);
    await expectSignedRequests();
  });

  it('mutes and unmutes the model’s published tracks, and deletes the room at the end', async () => {
    const m = media();
    await m.clientConfig(8, { role: 'model', identity: 'model', name: 'Anna' });
    fake.requests.length = 0;

    await m.setPaused(8, true);
    expect(fake.requests.map((request) => [request.method, request.body])).toEqual([
      ['GetParticipant', { room: 'stream-8', identity: 'model' }],
      ['MutePublishedTrack', { room: 'stream-8', identity: 'model', trackSid: 'TR_audio', muted: true }],
      ['MutePublishedTrack', { room: 'stream-8', identity: 'model', trackSid: 'TR_video', muted: true }],
    ]);
    fake.requests.length = 0;
    await m.setPaused(8, false);
    expect(fake.requests.filter((request) => request.method === 'MutePublishedTrack')).toMatchObject([
      { body: { trackSid: 'TR_audio' } },
      { body: { trackSid: 'TR_video' } },
    ]);
    expect(fake.requests.every((request) => request.body.muted !== true)).toBe(true);

    await m.end(8);
    expect(fake.requests.at(-1)).toMatchObject({ method: 'DeleteRoom', body: { room: 'stream-8' } });
    await expectSignedRequests();

    // Ended: nothing more to mute.
    fake.requests.length = 0;
    await m.setPaused(8, true);
    expect(fake.requests).toEqual([]);
  });

  it('does not fail a pause when the model is not in the room yet', async () => {
    const m = media();
    await m.clientConfig(9, { role: 'model', identity: 'model', name: 'Anna' });
    fake.withoutParticipant();
    fake.requests.length = 0;
    await expect(m.setPaused(9, true)).resolves.toBeUndefined();
    expect(fake.requests.map((request) => request.method)).toEqual(['GetParticipant']);
  });

  it('derives the API URL from the browsers’ URL', () => {
    expect(apiUrlFrom('wss://live.example.com')).toBe('https://live.example.com');
    expect(apiUrlFrom('ws://127.0.0.1:7880')).toBe('http://127.0.0.1:7880');
  });
});

import { Writable } from 'node:stream';
import type { WebSocket } from '@fastify/websocket';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import { closeWebSocket } from '../../testing/websocket-client';
import { createFakeMedia } from './testing/fake-media';
import {
  connectStream,
  modelWithListedProfile,
  type StreamClient,
  streamQuery,
} from './testing/stream-client';

let t: TestApp;
let origin: string;
let model: StreamClient;
let stream: { id: number; channelId: string };
/** What the server logged at level error or worse: a frame must never get there. */
const errors: string[] = [];

beforeAll(async () => {
  const logs = new Writable({
    write(chunk, _encoding, done) {
      errors.push(String(chunk));
      done();
    },
  });
  t = await createTestApp({
    streamMedia: createFakeMedia().media,
    logger: { level: 'error', stream: logs },
    socketLimits: { perAddress: 1_000, upgradesPerAddress: { max: 100_000, windowSeconds: 60 } },
  });
  origin = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http://', 'ws://');
  const owner = await modelWithListedProfile(t, 'Ева');
  stream = await owner.start();
  model = await connectStream(origin, streamQuery(stream), { headers: { cookie: owner.cookie() } });
  await model.next('welcome');
});

afterAll(async () => {
  if (model) await closeWebSocket(model.socket);
  await t?.close();
});

const messageTypes = fc.constantFrom(
  'signal',
  'nickname',
  'chat',
  'remove',
  'mute',
  'welcome',
  'ended',
  'state',
  '',
);
const anyValue = fc.oneof(
  fc.jsonValue(),
  fc.string({ maxLength: 2_000 }),
  fc.constant('x'.repeat(40_000)),
  fc.integer(),
  fc.constant(null),
);

/** Frames of every shape: text, JSON of anything, objects near the real messages, bytes. */
const frames = fc.oneof(
  fc.string({ maxLength: 500 }),
  fc.jsonValue().map((value) => JSON.stringify(value)),
  fc
    .record(
      {
        type: messageTypes,
        data: fc.oneof(
          anyValue,
          fc.record({
            kind: fc.constantFrom('offer', 'answer', 'candidate', 'x'),
            sdp: anyValue,
            candidate: anyValue,
          }),
        ),
        name: anyValue,
        text: anyValue,
        lineId: anyValue,
        nickname: anyValue,
      },
      { requiredKeys: ['type'] },
    )
    .map((value) => JSON.stringify(value)),
  fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)),
);

/** The model's socket still answers: a nickname frame comes back to her. */
async function modelStillAnswers(): Promise<void> {
  model.messages.length = 0;
  model.send({ type: 'nickname', name: 'ignored' });
  expect(await model.next('nickname')).toEqual({ type: 'nickname', name: 'Ева' });
}

describe('arbitrary frames on /ws/stream', () => {
  it('never crash the server nor log an error; a socket is closed only with 1008/1009, others keep working', async () => {
    const codes = new Set<number>();
    await fc.assert(
      fc.asyncProperty(fc.array(frames, { minLength: 1, maxLength: 4 }), async (sent) => {
        const viewer = await connectStream(origin, streamQuery(stream));
        await viewer.next('welcome');
        for (const frame of sent) {
          if (viewer.socket.readyState === viewer.socket.OPEN) (viewer.socket as WebSocket).send(frame);
        }
        // Either closed by the server, or still open after a round trip of its own.
        const settled = await Promise.race([
          viewer.closed,
          new Promise<null>((resolve) => setTimeout(() => resolve(null), 100)),
        ]);
        if (settled === null) {
          await closeWebSocket(viewer.socket);
        } else {
          codes.add(settled);
          expect([1008, 1009]).toContain(settled);
        }
        await modelStillAnswers();
        for (const message of viewer.messages) {
          // Refusals are said as contracts' errors; a viewer never gets a model's role.
          if (message.type === 'welcome') expect(message.role).toBe('viewer');
        }
      }),
      { numRuns: 60 },
    );
    expect(model.socket.readyState).toBe(model.socket.OPEN);
    expect(errors).toEqual([]);
    // The generator reaches the refusals at all.
    expect(codes.has(1008)).toBe(true);
  });
});

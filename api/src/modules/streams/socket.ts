// For the type of `config.rateLimit`.
import type {} from '@fastify/rate-limit';
import { STREAM_FRAME_MAX_BYTES, type StreamClientMessage, streamClientMessage } from 'contracts/streams';
import fp from 'fastify-plugin';
import * as v from 'valibot';
import { readStreamMediaConfig } from '../../config';
import { createMessageLimit } from '../../lib/socket-limits';
import type { Limit } from '../../lib/rate-limit-store';
import { createStreamMedia } from './media/index';
import type { StreamMedia } from './media/types';
import { createStreamService, type StreamService } from './service';
import { createRedisStreamStore } from './redis-store';
import { RedisUnavailableError } from '../../lib/redis-scripts';
import { createMemoryStreamStore, type StreamStore } from './store';

declare module 'fastify' {
  interface FastifyInstance {
    /** The live streams: start, pause, end (blocks and deletions end them through it). */
    streams: StreamService;
  }
}

/**
 * Messages one stream socket may send in a window: signalling (a burst of ICE candidates when a
 * connection starts) and chat, far more than presence's few words; past it the socket is closed.
 */
export const STREAM_MESSAGES_PER_SOCKET: Limit = { max: 240, windowSeconds: 60 };

export interface StreamsPluginOptions {
  /** The media side (app.ts makes it from the settings); without one, the embedded defaults. */
  media?: StreamMedia | undefined;
  store?: StreamStore | undefined;
  /** Tests shorten the heartbeat, the model's reconnect grace and the viewer-count pace. */
  heartbeatMs?: number | undefined;
  graceMs?: number | undefined;
  viewerBroadcastMs?: number | undefined;
  /** Tests lower how many streams the rendered pages' strips share (PAGES_ON_AIR_MAX). */
  pagesOnAirMax?: number | undefined;
  messagesPerSocket?: Limit | undefined;
}

function parseFrame(data: unknown, isBinary: boolean): StreamClientMessage | null {
  if (isBinary) return null;
  const text = Buffer.isBuffer(data)
    ? data.toString('utf8')
    : Array.isArray(data)
      ? Buffer.concat(data).toString('utf8')
      : String(data);
  if (Buffer.byteLength(text) > STREAM_FRAME_MAX_BYTES) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  const result = v.safeParse(streamClientMessage, parsed);
  return result.success ? result.output : null;
}

/**
 * The stream service and its socket GET /ws/stream?stream=<id>&channel=<channelId> (the flow:
 * contracts/streams and /work/stream-plan.md). Every frame is checked with `streamClientMessage`;
 * a frame that is not one (binary, garbage, too long, a model's message from a viewer) closes
 * that socket with 1008, and only it. Frames are handled one after another per socket.
 */
export const streamsPlugin = fp<StreamsPluginOptions>(
  async (fastify, options) => {
    const service = createStreamService(fastify, {
      // With Redis, every instance shares the streams' state, chat and viewer counts.
      store:
        options.store ??
        (fastify.hasDecorator('shared') && fastify.shared.redis
          ? createRedisStreamStore({
              redis: fastify.shared.redis,
              instanceId: fastify.shared.instanceId,
              log: fastify.log,
            })
          : createMemoryStreamStore()),
      media: options.media ?? createStreamMedia({ streamMedia: readStreamMediaConfig({}, false) }),
      heartbeatMs: options.heartbeatMs,
      graceMs: options.graceMs,
      viewerBroadcastMs: options.viewerBroadcastMs,
      pagesOnAirMax: options.pagesOnAirMax,
    });
    fastify.decorate('streams', service);
    fastify.addHook('onReady', async () => {
      await service.endLeftovers();
    });
    fastify.addHook('preClose', async () => {
      await service.close();
    });
    const messageLimit = options.messagesPerSocket ?? STREAM_MESSAGES_PER_SOCKET;

    fastify.get(
      '/ws/stream',
      {
        websocket: true,
        onRequest: fastify.socketLimits(),
        config: { rateLimit: false },
        schema: {
          summary: 'WebSocket of one live stream: signalling, chat and state (contracts/streams)',
          description:
            'Upgrade with ?stream=<id>&channel=<channelId>. Unknown stream: closed 4404; ended: `ended` then 1000; ' +
            'a frame that is not a streamClientMessage (or a model-only one from a viewer): closed 1008.',
          tags: ['streams'],
        },
      },
      (socket, request) => {
        const allowMessage = createMessageLimit(socket, messageLimit);
        let closed = false;
        let connection: Awaited<ReturnType<StreamService['join']>> = null;
        // Frames and the close are handled in order, after the join has answered.
        let queue: Promise<unknown> = service
          .join(socket, request)
          .then((joined) => {
            connection = joined;
          })
          .catch((error: unknown) => {
            // Redis away: 1013, try again later (the browser reconnects).
            if (error instanceof RedisUnavailableError) return socket.close(1013, 'Reconnecting');
            fastify.log.error({ err: error }, 'streams: a socket could not join');
            socket.close(1011, 'Server error');
          });
        const run = (task: () => Promise<unknown>) => {
          queue = queue.then(task).catch((error: unknown) => {
            fastify.log.error({ err: error }, 'streams: a socket message failed');
            socket.close(1011, 'Server error');
          });
        };
        socket.on('pong', () => {
          if (connection) connection.missed = 0;
        });
        socket.on('message', (data, isBinary) => {
          if (closed || !allowMessage()) return;
          const message = parseFrame(data, isBinary);
          if (!message) {
            closed = true;
            socket.close(1008, 'Not a stream message');
            return;
          }
          run(async () => {
            if (connection && socket.readyState === socket.OPEN) await service.handle(connection, message);
          });
        });
        socket.on('close', () => {
          closed = true;
          run(async () => {
            if (connection) await service.leave(connection);
          });
        });
      },
    );
  },
  {
    name: 'streams',
    dependencies: ['@fastify/websocket', 'socket-limits', 'listing-cache'],
  },
);

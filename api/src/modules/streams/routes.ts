import { idParamsSchema } from 'contracts';
import * as responseSchemas from 'contracts/responses';
import {
  currentStream,
  liveStreamList,
  liveStreamsQuery,
  startStreamBody,
  streamPage,
  streamPageParams,
  streamRecordList,
  streamRecordsQuery,
  streamSummary,
  updateStreamBody,
} from 'contracts/streams';
import { ApiError } from '../../lib/api-error';
import { pickLocale } from '../../lib/i18n';
import { defineRoutes, errorResponses, serializerOf } from '../../lib/route-schema';
import { parse } from '../../lib/validation';

const MODEL_ERRORS = errorResponses({
  401: 'UNAUTHORIZED: no session',
  403: 'FORBIDDEN: not a model account',
});
const OWN_STREAM_ERRORS = errorResponses({
  401: 'UNAUTHORIZED: no session',
  403: 'FORBIDDEN: not a model account',
  404: 'NOT_FOUND: no such stream of this account',
  409: 'STREAM_ENDED: the stream is over',
});

/**
 * Live streams over HTTP (the socket is /ws/stream, socket.ts): the header's figure, the live
 * strip, a stream's page, and the model's start, pause, resume, stop, chat switch and analytics.
 * The state of a stream on air lives in the stream service (`fastify.streams`).
 */
/** The public stream answers: anyone's data, a second old at most, and no cookie set with them. */
const PUBLIC_FRESH = 'public, max-age=1';

export const streamRoutes = defineRoutes(async (fastify) => {
  const streams = fastify.streams;
  const model = fastify.requireAuth('girl');
  const accountOf = (request: { auth: { accountId: number } | null }) => {
    if (!request.auth) throw new Error('requireAuth let a guest through');
    return request.auth.accountId;
  };

  // A static segment: the router prefers it to GET /model/:id, whichever is registered first.
  fastify.get(
    '/model/streaming-count',
    {
      schema: {
        summary: 'How many visible profiles are live now (the header figure; /ws/online pushes it too)',
        tags: ['catalog'],
        response: { 200: responseSchemas.streamingCount },
      },
    },
    async (_request, reply) => {
      // A block must show in the header within seconds (the figure is pushed on /ws/online; this is
      // its first value): a second at most. Public, so it sets no visitor or CSRF cookie: every
      // page's header asks for it, and a cookie minted here raced the page's own first calls (a
      // POST whose CSRF header was read before this answer replaced the cookie was refused).
      reply.header('cache-control', PUBLIC_FRESH);
      return { count: await streams.count() };
    },
  );

  fastify.get(
    '/streams/live',
    {
      schema: {
        summary: 'Streams on air of visible profiles, newest first, at most 24 (the "live now" strip)',
        tags: ['streams'],
        querystring: liveStreamsQuery,
        response: { 200: liveStreamList },
      },
    },
    async (request, reply) => {
      // Public data of anyone's: no cookie minted (see the streaming count above).
      reply.header('cache-control', PUBLIC_FRESH);
      return streams.onAir(request.query, pickLocale(request.headers['accept-language']));
    },
  );
  // A rendered page's live strip: the query validated and the answer written as the route does,
  // from the streams the pages rendered within a second share.
  const liveJson = serializerOf(liveStreamList);
  fastify.inProcessReads.set(`${fastify.prefix}/streams/live`, async ({ query, acceptLanguage }) => {
    // As the route validates it (and throws its ValidationError).
    return liveJson(await streams.onAirForPages(parse(liveStreamsQuery, query), pickLocale(acceptLanguage)));
  });

  fastify.get(
    '/streams/:id/:channelId',
    {
      schema: {
        summary: 'A stream page: the stream (ended ones too) and its profile card (null once hidden)',
        tags: ['streams'],
        params: streamPageParams,
        response: { 200: streamPage, ...errorResponses({ 404: 'NOT_FOUND: no such stream' }) },
      },
    },
    async (request, reply) => {
      const locale = pickLocale(request.headers['accept-language']);
      const page = await streams.page(request.params.id, request.params.channelId, locale);
      if (!page) throw new ApiError(404, 'NOT_FOUND');
      reply.header('cache-control', PUBLIC_FRESH);
      return page;
    },
  );

  fastify.post(
    '/own-profiles/:id/stream',
    {
      preValidation: model,
      schema: {
        summary: 'Start a stream of her listed profile (one live stream per account)',
        tags: ['streams'],
        params: idParamsSchema,
        body: startStreamBody,
        response: {
          201: streamSummary,
          ...errorResponses({
            401: 'UNAUTHORIZED: no session',
            403: 'FORBIDDEN: not a model account',
            404: 'MODEL_NOT_FOUND: no such profile of this account',
            409: 'STREAM_PROFILE_NOT_LISTED: the catalogue does not show the profile; STREAM_ALREADY_LIVE: she is live already',
            500: 'STREAM_CREATE_FAILED: the stream could not be created',
          }),
        },
      },
    },
    async (request, reply) => {
      const summary = await streams.start(accountOf(request), request.params.id, request.body.chatEnabled);
      reply.code(201);
      return summary;
    },
  );

  fastify.get(
    '/own-profiles/streams/current',
    {
      preValidation: model,
      schema: {
        summary: 'Her stream on air, if any (after a reload of the page)',
        tags: ['streams'],
        response: { 200: currentStream, ...MODEL_ERRORS },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { stream: await streams.current(accountOf(request)) };
    },
  );

  fastify.get(
    '/own-profiles/streams',
    {
      preValidation: model,
      schema: {
        summary:
          'Her streams for the analytics: start, end, duration, peak viewers, why it ended; newest first',
        tags: ['streams'],
        querystring: streamRecordsQuery,
        response: { 200: streamRecordList, ...MODEL_ERRORS },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return streams.records(accountOf(request), request.query.page ?? 1);
    },
  );

  const actions = [
    ['pause', 'Pause her stream: viewers see the paused card, no video is sent'],
    ['resume', 'Resume her paused stream'],
    ['stop', 'Stop her stream: every viewer is told it ended'],
  ] as const;
  for (const [action, summary] of actions) {
    fastify.post(
      `/streams/:id/${action}`,
      {
        preValidation: model,
        schema: {
          summary,
          tags: ['streams'],
          params: idParamsSchema,
          response: {
            200: streamSummary,
            ...OWN_STREAM_ERRORS,
            ...(action === 'stop'
              ? errorResponses({ 500: 'STREAM_STOP_FAILED: the stream could not be stopped' })
              : {}),
          },
        },
      },
      async (request) => {
        const accountId = accountOf(request);
        if (action === 'stop') return streams.stop(accountId, request.params.id);
        return streams.setPaused(accountId, request.params.id, action === 'pause');
      },
    );
  }

  fastify.patch(
    '/streams/:id',
    {
      preValidation: model,
      schema: {
        summary: 'Switch the chat of her stream on or off',
        tags: ['streams'],
        params: idParamsSchema,
        body: updateStreamBody,
        response: { 200: streamSummary, ...OWN_STREAM_ERRORS },
      },
    },
    async (request) =>
      streams.setChatEnabled(accountOf(request), request.params.id, request.body.chatEnabled),
  );
});

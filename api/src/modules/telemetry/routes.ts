import { releaseGuardBody, TELEMETRY_BODY_MAX_BYTES, telemetryBatch } from 'contracts/telemetry';
import * as v from 'valibot';
import { defineRoutes, errorResponses, type ValibotTypeProvider } from '../../lib/route-schema';
import { ADMIN_ERRORS, adminOf, adminRoute } from '../admin/common';
import { type AuthRateLimits, routeLimit } from '../auth/rate-limits';
import { createReleaseGuard } from './guard';
import { createTelemetryRepository } from './repository';

export interface TelemetryRoutesOptions {
  rateLimits: Pick<AuthRateLimits, 'telemetryPerIp'>;
}

/**
 * Page telemetry (issue 30): the pages' beacon at /api/telemetry, and the release guard's settings
 * at /api/admin-panel/releases/guard (the releases screen reads them with the registry).
 */
export const telemetryRoutes = defineRoutes<TelemetryRoutesOptions>(async (fastify, { rateLimits }) => {
  const telemetry = createTelemetryRepository(fastify.db);
  const guard = createReleaseGuard(fastify.db);
  const admin = adminRoute(fastify);

  // In a context of its own: only the beacon reads a text/plain body as JSON.
  await fastify.register(async (context) => {
    const beacon = context.withTypeProvider<ValibotTypeProvider>();
    // navigator.sendBeacon with a string sends it as text/plain (a JSON content type would make
    // it a preflighted request); it is the same JSON, read by Fastify's own JSON parser.
    beacon.addContentTypeParser(
      'text/plain',
      { parseAs: 'string' },
      beacon.getDefaultJsonParser('error', 'error'),
    );

    beacon.post(
      '/telemetry',
      {
        bodyLimit: TELEMETRY_BODY_MAX_BYTES,
        // A beacon carries cookies but can set no header: there is nothing of the visitor's to
        // forge here (it only adds to anonymous counts), and each address is limited.
        config: { csrf: false, rateLimit: routeLimit(rateLimits.telemetryPerIp) },
        schema: {
          summary:
            'A page’s beacon (navigator.sendBeacon, JSON as application/json or text/plain): Web Vitals, ' +
            'remote loads and errors per remote and release; a session counts once per release and day',
          tags: ['telemetry'],
          body: telemetryBatch,
          response: {
            204: v.pipe(v.null(), v.description('Recorded')),
            ...errorResponses({
              400: 'VALIDATION_FAILED: not a batch of events (nothing recorded)',
              413: 'VALIDATION_FAILED: over TELEMETRY_BODY_MAX_BYTES',
              415: 'VALIDATION_FAILED: neither application/json nor text/plain',
              429: 'RATE_LIMITED: too many beacons from this address',
            }),
          },
        },
      },
      async (request, reply) => {
        const troubled = await telemetry.record(request.body);
        // The beacon is recorded whatever the guard makes of it.
        try {
          for (const rollback of await guard.afterBeacon(troubled)) {
            request.log.warn(rollback, 'release guard rolled back a canary');
          }
        } catch (error) {
          request.log.error({ err: error }, 'release guard failed');
        }
        return reply.code(204).send(null);
      },
    );
  });

  fastify.put(
    '/admin-panel/releases/guard',
    {
      preValidation: admin.preValidation,
      schema: {
        summary:
          'Turn the automatic guard on or off and set it: the sessions it compares and the margin in points ' +
          'by which a canary’s error rate may exceed stable’s before it is rolled back',
        tags: admin.tags,
        body: releaseGuardBody,
        response: {
          200: releaseGuardBody,
          ...ADMIN_ERRORS,
          ...errorResponses({ 400: 'VALIDATION_FAILED (fields: sessions, marginPercent, enabled)' }),
        },
      },
    },
    async (request) => telemetry.setGuard(request.body, adminOf(request)),
  );
});

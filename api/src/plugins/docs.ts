import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { errorResponses, isValibotSchema, jsonSchemaOf } from '../lib/route-schema';
import { requiresSession } from './auth';

export const DOCS_PREFIX = '/api/docs';

const INPUT_PARTS = new Set(['params', 'querystring', 'query', 'body', 'headers']);
const BAD_INPUT = errorResponses({
  400: 'VALIDATION_FAILED: `fields` maps each bad field (dot path) to a message key',
})[400];

/**
 * The route's own schema, with its valibot schemas turned into JSON Schema: inputs as a client
 * sends them, answers as the server writes them. Every route with input can answer 400, and
 * routes behind `requireAuth` need the session cookie.
 */
export function openApiSchemaOf(
  schema: Record<string, unknown> | undefined,
  route: Pick<RouteOptions, 'preValidation' | 'preHandler' | 'websocket'>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  let hasInput = false;
  for (const [key, value] of Object.entries(schema ?? {})) {
    if (INPUT_PARTS.has(key) && isValibotSchema(value)) {
      hasInput = true;
      out[key === 'query' ? 'querystring' : key] = stripDialect(jsonSchemaOf(value, 'input'));
    } else if (key === 'hide' && route.websocket) {
      // @fastify/websocket hides every socket route from the document; ours are part of the API.
    } else if (key !== 'response') {
      out[key] = value;
    }
  }
  const responses: Record<string, unknown> = {};
  for (const [status, value] of Object.entries((schema?.response ?? {}) as Record<string, unknown>)) {
    responses[status] = isValibotSchema(value) ? stripDialect(jsonSchemaOf(value, 'output')) : value;
  }
  if (hasInput) responses['400'] ??= stripDialect(jsonSchemaOf(BAD_INPUT, 'output'));
  if (Object.keys(responses).length > 0) out.response = responses;
  if (requiresSession(route)) out.security = [{ session: [] }];
  return out;
}

function stripDialect({ $schema: _dialect, ...json }: Record<string, unknown>): Record<string, unknown> {
  return json;
}

/**
 * The OpenAPI document, generated from the routes' own schemas (the ones Fastify validates and
 * serialises with), at /api/docs/json, and a reference page reading it at /api/docs. The page's
 * assets come from the swagger-ui package through this server: nothing is fetched elsewhere.
 */
export const docsPlugin = fp(
  async (fastify) => {
    await fastify.register(fastifySwagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Anketa API',
          version: '1.0.0',
          description:
            'Errors answer `{ code, message, fields?, retryAfter? }` with `message` in the language of Accept-Language (ru by default). State-changing requests need the header `x-csrf-token` equal to the `csrf_token` cookie.',
        },
        components: {
          securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'access_token' } },
        },
      },
      transform: ({ schema, url, route }) => ({
        schema: openApiSchemaOf(schema as Record<string, unknown> | undefined, route) as never,
        url,
      }),
    });
    // Its own page with inline scripts: `staticCSP` gives it a policy of hashes for them.
    await fastify.register(fastifySwaggerUi, { routePrefix: DOCS_PREFIX, staticCSP: true });
  },
  { name: 'docs' },
);

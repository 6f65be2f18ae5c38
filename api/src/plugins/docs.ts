import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { errorBody, isValibotSchema, jsonSchemaOf } from '../lib/route-schema';
import { allowedAccountsOf, COOKIES, CSRF_HEADER, checksCsrf, requiresSession } from './auth';

export const DOCS_PREFIX = '/api/docs';

const INPUT_PARTS = new Set(['params', 'querystring', 'query', 'body', 'headers']);
const BAD_INPUT = 'VALIDATION_FAILED: `fields` maps each bad field (dot path) to a message key';
const NO_SESSION = `UNAUTHORIZED: no session, or an expired one (POST /api/auth/refresh renews it)`;
const BAD_CSRF = `CSRF_FAILED: the ${CSRF_HEADER} header is missing or differs from the ${COOKIES.csrf} cookie`;
const TOO_MANY = 'RATE_LIMITED: too many requests; `retryAfter` says how many seconds to wait';

type RouteFacts = Pick<
  RouteOptions,
  'method' | 'url' | 'config' | 'preValidation' | 'preHandler' | 'websocket'
>;

/**
 * The route's own schema, with its valibot schemas turned into JSON Schema: inputs as a client
 * sends them, answers as the server writes them. What the route's method, URL, hooks and config
 * decide is added here, once for every route: the operation's id, its security (the session
 * cookie, the CSRF header, or open) and the error answers those checks give (400 for any input,
 * 401 and 403 behind a session, 403 for a missing CSRF header, 429 behind a rate limit).
 */
export function openApiSchemaOf(
  schema: Record<string, unknown> | undefined,
  route: RouteFacts,
): Record<string, unknown> {
  // Hidden from the document (the static files' routes): nothing to describe.
  if (schema?.hide && !route.websocket) return schema;
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
  const method = methodOf(route);
  out.operationId ??= operationIdOf(method, route.url);
  if (route.url.endsWith('*')) {
    hasInput = true;
    out.params ??= {
      type: 'object',
      properties: { path: { type: 'string', description: 'The rest of the path, slashes included' } },
      required: ['path'],
    };
  }

  const responses: Record<string, unknown> = {};
  for (const [status, value] of Object.entries((schema?.response ?? {}) as Record<string, unknown>)) {
    responses[status] = isValibotSchema(value) ? stripDialect(jsonSchemaOf(value, 'output')) : value;
  }
  const session = requiresSession(route);
  const csrf = checksCsrf(method, route.url, route.config);
  const allowed = allowedAccountsOf(route);
  if (hasInput) addError(responses, 400, BAD_INPUT);
  if (session) addError(responses, 401, NO_SESSION);
  if (allowed) addError(responses, 403, `FORBIDDEN: only for ${allowed}`);
  if (csrf) addError(responses, 403, BAD_CSRF);
  if (route.config?.rateLimit) addError(responses, 429, TOO_MANY);
  if (Object.keys(responses).length > 0) out.response = responses;

  const required = { ...(session ? { session: [] } : {}), ...(csrf ? { csrf: [] } : {}) };
  // An empty list marks the operation as open to anyone, rather than as not described.
  out.security = Object.keys(required).length > 0 ? [required] : [];
  return out;
}

function methodOf(route: RouteFacts): string {
  const [method, ...others] = [route.method].flat().filter((name) => name !== 'HEAD');
  if (!method || others.length > 0) {
    // One schema serves every method of a route: their operations would share one id.
    throw new Error(`${route.url}: give each method its own route, so each has its own operation`);
  }
  return method;
}

/**
 * `GET /api/admin-panel/accounts/:id/ledger` -> `getAdminPanelAccountsByIdLedger`: the method and
 * the path, so a generated client's names read like the URL and stay unique with it.
 */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, '/')
    .split(/[/.]/)
    .filter(Boolean)
    .map((segment) =>
      segment === '*'
        ? 'ByPath'
        : segment.startsWith(':')
          ? `By${capitalize(camelCase(segment.slice(1)))}`
          : capitalize(camelCase(segment.replace(/:/g, 'by-'))),
    );
  return `${method.toLowerCase()}${words.join('') || 'Root'}`;
}

const camelCase = (text: string) =>
  text.replace(/[^A-Za-z0-9]+([A-Za-z0-9])/g, (_, next: string) => next.toUpperCase());
const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Adds an error answer, or names one more cause of an answer the route already describes. */
function addError(responses: Record<string, unknown>, status: number, description: string): void {
  const existing = responses[status] as { description?: string } | undefined;
  const code = description.slice(0, description.indexOf(':'));
  if (!existing) {
    responses[status] = stripDialect(jsonSchemaOf(errorBody(description), 'output'));
  } else if (existing.description && !existing.description.includes(code)) {
    responses[status] = { ...existing, description: `${existing.description}; or ${description}` };
  }
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
        // The API, the pages and the media share one origin; the paths below start at its root.
        servers: [{ url: '/', description: 'The site that serves this document' }],
        components: {
          securitySchemes: {
            session: {
              type: 'apiKey',
              in: 'cookie',
              name: COOKIES.access,
              description: `The session, set by POST /api/auth/login and renewed by POST /api/auth/refresh (an HttpOnly cookie; \`__Host-${COOKIES.access}\` over https).`,
            },
            csrf: {
              type: 'apiKey',
              in: 'header',
              name: CSRF_HEADER,
              description: `The value of the \`${COOKIES.csrf}\` cookie (\`__Host-${COOKIES.csrf}\` over https), which every API answer sets when it is missing or stale; required on every state-changing request.`,
            },
          },
        },
      },
      transform: ({ schema, url, route }) => ({
        schema: openApiSchemaOf(schema as Record<string, unknown> | undefined, route) as never,
        // A wildcard route takes the rest of the path as one parameter: OpenAPI names it.
        url: url.replace(/\*$/, ':path'),
      }),
    });
    // Its own page with inline scripts: `staticCSP` gives it a policy of hashes for them.
    await fastify.register(fastifySwaggerUi, { routePrefix: DOCS_PREFIX, staticCSP: true });
  },
  { name: 'docs' },
);

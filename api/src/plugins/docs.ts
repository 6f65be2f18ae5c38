import { toJsonSchema } from '@valibot/to-json-schema';
import fp from 'fastify-plugin';
import type * as v from 'valibot';

/**
 * What a route tells the OpenAPI document about itself, next to its handler. The input
 * schemas are the same `contracts` schemas the handler validates with, so the document
 * cannot drift from what the API accepts.
 */
export interface RouteDocs {
  summary: string;
  tags?: string[];
  params?: v.GenericSchema;
  query?: v.GenericSchema;
  body?: v.GenericSchema;
  /** Needs a signed-in session (cookie `access_token`). */
  auth?: boolean;
  /** Status -> description, e.g. { 200: 'The list', 404: 'No such profile' }. */
  responses?: Record<number, string>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    docs?: RouteDocs;
  }
}

type JsonSchema = Record<string, unknown>;

function jsonSchema(schema: v.GenericSchema): JsonSchema {
  // Transforms (string -> number) and custom checks have no JSON Schema form: the input shape
  // is what a client needs, so those parts are described as they arrive.
  return toJsonSchema(schema, { errorMode: 'ignore', typeMode: 'input' }) as JsonSchema;
}

function parametersOf(schema: v.GenericSchema | undefined, where: 'path' | 'query') {
  if (!schema) return [];
  const json = jsonSchema(schema);
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    schema: property,
  }));
}

/** Collects every route that carries `config.docs` and serves them as OpenAPI 3.1 at /api/docs. */
export const docsPlugin = fp(
  async (fastify) => {
    const paths: Record<string, Record<string, unknown>> = {};

    fastify.addHook('onRoute', (route) => {
      const docs = route.config?.docs;
      if (!docs) return;
      const url = route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter(
        (m) => m !== 'HEAD',
      );
      for (const method of methods) {
        const responses: Record<string, unknown> = {};
        for (const [status, description] of Object.entries(docs.responses ?? { 200: 'OK' })) {
          responses[status] = { description };
        }
        responses['400'] ??= { description: 'Bad input: `{ code: "VALIDATION_FAILED", message, fields }`' };
        paths[url] = {
          ...paths[url],
          [method.toLowerCase()]: {
            summary: docs.summary,
            tags: docs.tags ?? [],
            parameters: [...parametersOf(docs.params, 'path'), ...parametersOf(docs.query, 'query')],
            ...(docs.body
              ? {
                  requestBody: {
                    required: true,
                    content: { 'application/json': { schema: jsonSchema(docs.body) } },
                  },
                }
              : {}),
            ...(docs.auth ? { security: [{ session: [] }] } : {}),
            responses,
          },
        };
      }
    });

    fastify.get('/api/docs', async () => ({
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
      paths,
    }));
  },
  { name: 'docs' },
);

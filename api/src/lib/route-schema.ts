import { toJsonSchema } from '@valibot/to-json-schema';
import * as responseSchemas from 'contracts/responses';
import fastJsonStringify from 'fast-json-stringify';
import type {
  FastifyPluginAsync,
  FastifyPluginOptions,
  FastifySchemaCompiler,
  FastifySerializerCompiler,
  FastifyTypeProvider,
  RawServerDefault,
} from 'fastify';
import * as v from 'valibot';
import { parse } from './validation';

/**
 * Routes declare `params`, `querystring`, `body` and `response` with `contracts` valibot schemas;
 * with this provider Fastify types `request.*` as each schema's output and the handler's answer
 * as the response schema's input.
 */
export interface ValibotTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends v.GenericSchema ? v.InferOutput<this['schema']> : unknown;
  serializer: this['schema'] extends v.GenericSchema ? v.InferInput<this['schema']> : unknown;
}

/** A module's routes: a plugin whose routes take valibot schemas. */
export type Routes<Options extends FastifyPluginOptions = Record<never, never>> = FastifyPluginAsync<
  Options,
  RawServerDefault,
  ValibotTypeProvider
>;

/**
 * A module's routes, with the valibot compilers set in the module's own (encapsulated) context:
 * the module works wherever it is registered, in the app or alone in a test.
 */
export function defineRoutes<Options extends FastifyPluginOptions = Record<never, never>>(
  routes: Routes<Options>,
): Routes<Options> {
  return async (fastify, options) => {
    fastify.setValidatorCompiler(valibotValidatorCompiler);
    fastify.setSerializerCompiler(valibotSerializerCompiler);
    await routes(fastify, options);
  };
}

export const isValibotSchema = (value: unknown): value is v.GenericSchema =>
  typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'schema';

/**
 * Fastify checks each part of the request before the handler runs. A failure is the same
 * ValidationError `parse` throws, so the error handler answers `{ code: 'VALIDATION_FAILED',
 * message, fields }` exactly as before. Parts are checked params, body, querystring.
 */
export const valibotValidatorCompiler: FastifySchemaCompiler<unknown> = ({ schema }) => {
  if (!isValibotSchema(schema)) throw new Error('route schemas must be valibot schemas from contracts');
  return (data) => {
    try {
      return { value: parse(schema, data) };
    } catch (error) {
      return { error: error as Error };
    }
  };
};

type JsonSchema = Record<string, unknown>;

/**
 * The JSON Schema of a valibot schema. Transforms (string -> number) and custom checks have no
 * JSON Schema form; `input` describes what a client sends, `output` what the server answers.
 */
export function jsonSchemaOf(schema: v.GenericSchema, mode: 'input' | 'output'): JsonSchema {
  return toJsonSchema(schema, { errorMode: 'ignore', typeMode: mode }) as JsonSchema;
}

/**
 * Answers are written by fast-json-stringify from the response schema, so a field the schema does
 * not declare is never sent. Measured on Node 20 against JSON.stringify: a profile (GET
 * /api/model/:id) 9.3 vs 9.5 µs, a page of cards 25.6 vs 22.1 µs (nullable fields cost it a
 * check each). The listing, the one hot list, therefore keeps its JSON.stringify'd page from the
 * listing cache: a string payload (that page, an HTML or SVG body) passes through untouched.
 */
export const valibotSerializerCompiler: FastifySerializerCompiler<unknown> = ({ schema }) => {
  if (!isValibotSchema(schema)) throw new Error('response schemas must be valibot schemas from contracts');
  const known = serializerOfSchema.get(schema);
  if (known) return known;
  const { $schema: _dialect, ...json } = jsonSchemaOf(schema, 'output');
  const key = JSON.stringify(json);
  let serialize = serializerOfJson.get(key);
  if (!serialize) {
    serialize = fastJsonStringify(json);
    serializerOfJson.set(key, serialize);
  }
  serializerOfSchema.set(schema, serialize);
  return serialize;
};

/** A response schema's serializer as its routes use it, for an answer written without a request. */
export const serializerOf = (schema: v.GenericSchema) =>
  valibotSerializerCompiler({ schema, method: 'GET', url: '', httpStatus: '200' });

/**
 * Compiled serializers, once per process: routes answering the same shape (the error body, a
 * page of cards) share one, and an app built again in the same process (each API test file
 * builds its own) reuses them instead of compiling about 200 again (a quarter of a second an
 * app). A serializer is a pure function of its schema, so sharing it changes no answer.
 */
const serializerOfSchema = new WeakMap<v.GenericSchema, (document: unknown) => string>();
const serializerOfJson = new Map<string, (document: unknown) => string>();

/** The error body, described: the description is the response's in the OpenAPI document. */
export const errorBody = (description: string) =>
  v.pipe(responseSchemas.apiErrorBody, v.description(description));

/** The error answers a route can give, each with what it means, for the OpenAPI document. */
export function errorResponses<Status extends number>(
  described: Record<Status, string>,
): Record<Status, ReturnType<typeof errorBody>> {
  const out: Record<number, ReturnType<typeof errorBody>> = {};
  for (const [status, description] of Object.entries<string>(described)) {
    out[Number(status)] = errorBody(description);
  }
  return out;
}

/** An answer without a JSON body (a page, an image, a protocol switch), described for the document. */
export const nonJson = (description: string) => v.pipe(v.string(), v.description(description));

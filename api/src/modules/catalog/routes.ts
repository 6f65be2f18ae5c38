import {
  idParamsSchema,
  type Locale,
  type ModelListQuery,
  type ModelListResponse,
  modelListQuerySchema,
} from 'contracts';
import * as responseSchemas from 'contracts/responses';
import type { FastifySchemaCompiler } from 'fastify';
import { ApiError } from '../../lib/api-error';
import { encodingFor } from '../../lib/compression';
import { pickLocale } from '../../lib/i18n';
import { PAGE_SHARED_READ_MS, sharedRead } from '../../lib/shared-read';
import { parse } from '../../lib/validation';
import { defineRoutes, errorResponses, serializerOf, valibotValidatorCompiler } from '../../lib/route-schema';
import { MODEL_NOT_FOUND } from '../../lib/shared-errors';
import { createSeoRepository } from '../seo/repository';
import { createModelRepository } from './repository';

const PROFILE_GONE = errorResponses({
  410: 'PROFILE_GONE: was published, and is now blocked, expired, hidden or deleted',
});

const LISTING_HEADERS = { 'content-type': 'application/json; charset=utf-8', vary: 'Accept-Language' };

/** Queries remembered by rememberingValidator; past it they are forgotten all at once. */
const REMEMBERED_QUERIES = 2_000;

/**
 * The listing's validator: the schema's (the same output and the same errors), with each valid
 * query remembered by its parameters, so that the query of a page asked again (a crawler, a
 * popular page) is not validated again. The output is frozen: every request asking the same
 * parameters shares it. Repeated parameters (arrays) and invalid queries are validated each time.
 */
const rememberingValidator: FastifySchemaCompiler<unknown> = (route) => {
  const validate = valibotValidatorCompiler(route) as (data: unknown) => { value?: unknown; error?: Error };
  if (route.httpPart !== 'querystring') return validate;
  const known = new Map<string, { value: unknown }>();
  return (data) => {
    const key = parametersKey(data);
    if (key === null) return validate(data);
    const remembered = known.get(key);
    if (remembered) return remembered;
    const result = validate(data);
    if (result.error) return result;
    if (known.size >= REMEMBERED_QUERIES) known.clear();
    const value = frozen(result.value);
    known.set(key, { value });
    return { value };
  };
};

/**
 * The parameters as one string (each name and value, in the order sent, after its length, so that
 * no two sets of parameters read alike), or null when one is repeated.
 */
function parametersKey(data: unknown): string | null {
  if (typeof data !== 'object' || data === null) return null;
  let key = '';
  for (const [name, value] of Object.entries(data)) {
    if (typeof value !== 'string') return null;
    key += `${name.length}:${name}${value.length}:${value}`;
  }
  return key;
}

/** The query and its lists (appearance, services), frozen. */
function frozen<T>(query: T): T {
  for (const value of Object.values(query as object)) if (Array.isArray(value)) Object.freeze(value);
  return Object.freeze(query);
}

export const catalogRoutes = defineRoutes(async (fastify) => {
  const models = createModelRepository(fastify.db, fastify.dbKind, {
    anchors: fastify.listingAnchors,
    onListingBatch: fastify.listingBatches.batched,
  });
  const publication = createSeoRepository(fastify.db);
  const { listingCache } = fastify;
  /** A listing page as the route and a rendered page read it: through the listing cache. */
  const listingPage = (query: ModelListQuery, locale: Locale) =>
    listingCache.get(query, locale, () => models.pageJson(query, locale));

  fastify.get(
    '/model',
    {
      schema: {
        summary: 'Visible profiles, top placements first, paginated',
        tags: ['catalog'],
        querystring: modelListQuerySchema,
        response: { 200: responseSchemas.modelList },
      },
      validatorCompiler: rememberingValidator,
    },
    async (request, reply) => {
      const page = await listingPage(request.query, pickLocale(request.headers['accept-language']));
      // The page is kept as bytes (serialised once per cache entry), so it is sent as is and the
      // schema's serialiser never runs for it: under load one buffer serves many requests.
      reply.headers(LISTING_HEADERS);
      // A shared page is compressed once per encoding; the compress plugin, seeing the encoding
      // set, passes it through. A page read for one request is compressed by the plugin as before.
      const encoding = page.encoded && encodingFor(request, page.body.length);
      if (!encoding || !page.encoded) return page.body as unknown as ModelListResponse;
      const body = await page.encoded(encoding);
      // The headers the plugin would have added (its Vary appended to ours).
      reply.headers({ vary: 'Accept-Language, accept-encoding', 'content-encoding': encoding });
      return body as unknown as ModelListResponse;
    },
  );
  // A rendered page's listing: the query validated as the route validates it, the same page read.
  const validListingQuery = rememberingValidator({
    schema: modelListQuerySchema,
    method: 'GET',
    url: '/model',
    httpPart: 'querystring',
  }) as (data: unknown) => { value?: ModelListQuery; error?: Error };
  fastify.inProcessReads.set(`${fastify.prefix}/model`, async ({ query, acceptLanguage }) => {
    const { value, error } = validListingQuery(query);
    if (!value) throw error ?? new Error('the listing query did not validate');
    return (await listingPage(value, pickLocale(acceptLanguage))).body.toString();
  });

  // A static segment: the router prefers it to GET /model/:id.
  fastify.get(
    '/model/online-count',
    {
      schema: {
        summary: 'How many visible profiles are online now: their model has her cabinet open or streams',
        tags: ['catalog'],
        response: { 200: responseSchemas.onlineModels },
      },
    },
    async (_request, reply) => {
      // The header polls it; a few seconds of staleness saves a count per page view.
      reply.header('cache-control', 'public, max-age=10');
      return onlineCount();
    },
  );
  const onlineCount = async () => ({ count: await models.onlineCount() });
  // Every rendered page's header shows it: the pages rendered within a second share one read,
  // read again after any change to who is listed (a block, a publication: the listing's clear).
  const pagesOnlineCount = sharedRead(PAGE_SHARED_READ_MS, async () => JSON.stringify(await onlineCount()));
  listingCache.onClear(pagesOnlineCount.clear);
  fastify.inProcessReads.set(`${fastify.prefix}/model/online-count`, pagesOnlineCount.get);

  fastify.get(
    '/model/:id',
    {
      schema: {
        summary: 'One visible profile with its photos, services and contacts',
        tags: ['catalog'],
        params: idParamsSchema,
        response: { 200: responseSchemas.modelDetails, ...MODEL_NOT_FOUND, ...PROFILE_GONE },
      },
    },
    async (request) => {
      const model = await models.findVisible(
        request.params.id,
        pickLocale(request.headers['accept-language']),
      );
      if (model) return model;
      // A page search engines indexed answers 410 so that they drop it; one never published
      // answers exactly like a missing one, so drafts and the moderation queue do not leak.
      if (await publication.wasPublished(request.params.id)) throw new ApiError(410, 'PROFILE_GONE');
      throw new ApiError(404, 'MODEL_NOT_FOUND');
    },
  );
  // A rendered profile page's profile; a missing or gone one is answered by the route (404, 410).
  const profileJson = serializerOf(responseSchemas.modelDetails);
  fastify.inProcessReads.set(`${fastify.prefix}/model/:id`, async ({ params, acceptLanguage }) => {
    // As the route validates it (and throws its ValidationError).
    const { id } = parse(idParamsSchema, params);
    const model = await models.findVisible(id, pickLocale(acceptLanguage));
    if (!model) throw new Error('not a visible profile: the route answers');
    return profileJson(model);
  });
});

// The catalogue's server build: what the server renderer takes from it, loaded at run time through
// the registry (`remotes.json` names this file beside the browser build's manifest), so a deploy of
// the catalogue changes the server-rendered pages too. The shared libraries come from the host.
import type { LocalizedText } from 'contracts';
import { type PrefetchContext, type PrefetchResult, routePatterns } from 'platform';
import { matchPath } from 'react-router-dom';
import CatalogRoutes from './app/routes';
import { modelsQueryOptions } from './features/listing/api/get-models';
import { parseListingParams, toModelListQuery } from './features/listing/model/listing-params';
import { isMissingProfile, MODEL_ID_PATTERN, modelQueryOptions } from './features/model/api/get-model';
import { modelAlternativesQueryOptions } from './features/model/api/get-model-alternatives';
import { pricesQueryOptions } from './features/price/api/get-prices';
import { liveStreamsQueryOptions } from './features/stream/api/get-live-streams';
import {
  CHANNEL_ID_PATTERN,
  isMissingStream,
  STREAM_ID_PATTERN,
  streamQueryOptions,
} from './features/stream/api/get-stream';
import en from './locales/en.json';
import ru from './locales/ru.json';
import { HEAD_PRELOADED_CARDS, listingFirstImages, profileFirstImages } from './lib/preload-images';
import { listingMeta, modelMeta, modelNotFoundMeta, priceMeta, streamMeta } from './lib/page-meta';

export const namespace = 'catalog';
export const locales = { ru, en };
export const Routes = CatalogRoutes;

const NOT_FOUND: PrefetchResult = { status: 404 };

/**
 * Reads what a page shows into the request's query cache (the same queries its components run,
 * so they render with the data and the browser gets it handed over), and says the page's status
 * and head.
 */
export async function prefetch({
  pathname,
  search,
  queryClient,
  locale,
  t,
}: PrefetchContext): Promise<PrefetchResult> {
  const listing = matchPath(routePatterns.category, pathname) ?? matchPath(routePatterns.home, pathname);
  if (listing) {
    const params = parseListingParams(listing.params.category, search);
    if (!params) return NOT_FOUND;
    const [page] = await Promise.all([
      queryClient.fetchQuery(modelsQueryOptions(toModelListQuery(params))),
      // The "live now" strip: rendered with the page when the API answers, else read in the browser.
      queryClient.prefetchQuery(liveStreamsQueryOptions({ city: params.city, category: params.category })),
    ]);
    const meta = listingMeta(t, params);
    return {
      status: 200,
      // The home page is its own address, not the default category's.
      meta: pathname === '/' && !search.has('category') ? { ...meta, canonicalPath: '/' } : meta,
      images: listingFirstImages(page.items, HEAD_PRELOADED_CARDS),
    };
  }
  const model = matchPath(routePatterns.model, pathname);
  if (model) {
    const id = model.params.id ?? '';
    if (!MODEL_ID_PATTERN.test(id)) return NOT_FOUND;
    try {
      const details = await queryClient.fetchQuery({ ...modelQueryOptions(Number(id)), retry: false });
      const localized = (text: LocalizedText) => text[locale] || text.ru;
      return { status: 200, meta: modelMeta(t, localized, details), images: profileFirstImages(details) };
    } catch (error) {
      if (!isMissingProfile(error)) throw error;
      // The page says "profile not found" (410 for one that was public and is gone) and offers
      // profiles instead, rendered with it; without them it still says so, and the browser reads them.
      await queryClient.prefetchQuery(modelAlternativesQueryOptions(Number(id)));
      return { status: error.status, meta: modelNotFoundMeta(t) };
    }
  }
  const stream = matchPath(routePatterns.stream, pathname);
  if (stream) {
    const id = stream.params.id ?? '';
    const channelId = stream.params.channelId ?? '';
    if (!STREAM_ID_PATTERN.test(id) || !CHANNEL_ID_PATTERN.test(channelId)) return NOT_FOUND;
    try {
      const details = await queryClient.fetchQuery({
        ...streamQueryOptions(Number(id), channelId),
        retry: false,
      });
      return { status: 200, meta: streamMeta(t, details) };
    } catch (error) {
      if (isMissingStream(error)) return NOT_FOUND;
      throw error;
    }
  }
  if (matchPath(routePatterns.price, pathname)) {
    await queryClient.fetchQuery(pricesQueryOptions());
    return { status: 200, meta: priceMeta(t) };
  }
  return NOT_FOUND;
}

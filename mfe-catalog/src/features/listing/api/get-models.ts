import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import type { ModelListQueryInput, ModelListResponse } from 'contracts';
import { api, queryClient, routePatterns } from 'platform';
import { matchPath } from 'react-router-dom';
import { EAGER_CARDS, listingFirstImages, preloadImages } from '../../../lib/preload-images';
import { parseListingParams, toModelListQuery } from '../model/listing-params';

export const getModels = (query: ModelListQueryInput, signal?: AbortSignal) =>
  api.get<ModelListResponse>('/model', { ...query }, signal);

export const modelsQueryOptions = (query: ModelListQueryInput) =>
  queryOptions({
    queryKey: ['models', 'list', query],
    queryFn: ({ signal }) => getModels(query, signal),
    // Another page or filter of the same category keeps its cards on screen (dimmed) while the
    // next arrive; another category never shows the previous one's cards under its heading.
    placeholderData: (previous, previousQuery) => {
      const previousKey = previousQuery?.queryKey[2];
      return typeof previousKey === 'object' && previousKey.category === query.category
        ? previous
        : undefined;
    },
  });

export const useModels = (query: ModelListQueryInput) => useQuery(modelsQueryOptions(query));

/**
 * Starts reading the listing a page at `pathname` + `search` shows, if it is a listing page, into
 * the shared query cache. Called when the catalog's code arrives, so the data is on its way
 * while React renders and translations load, instead of after.
 */
export function prefetchListing(
  pathname: string,
  search: string,
  client: QueryClient = queryClient,
): boolean {
  const match = matchPath(routePatterns.category, pathname) ?? matchPath(routePatterns.home, pathname);
  if (!match) return false;
  const params = parseListingParams(match.params.category, new URLSearchParams(search));
  if (!params) return false;
  // A failed read is not reported here: the page's own query shows the error and its retry.
  client
    .fetchQuery(modelsQueryOptions(toModelListQuery(params)))
    .then((page) => preloadImages(listingFirstImages(page.items, EAGER_CARDS)))
    .catch(() => undefined);
  return true;
}

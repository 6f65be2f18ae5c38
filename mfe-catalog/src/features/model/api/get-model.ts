import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import type { ModelDetails } from 'contracts';
import { ApiError, api, queryClient, routePatterns } from 'platform';
import { matchPath } from 'react-router-dom';
import { preloadImages, profileFirstImages } from '../../../lib/preload-images';

/** What a profile id in the URL looks like; anything else is "not found" without asking. */
export const MODEL_ID_PATTERN = /^[1-9]\d{0,8}$/;

export const getModel = (id: number, signal?: AbortSignal) =>
  api.get<ModelDetails>(`/model/${id}`, undefined, signal);

export const modelQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['models', 'detail', id],
    queryFn: ({ signal }) => getModel(id, signal),
    // A profile that is not there (404) or gone (410) stays so: the page the server rendered
    // as "not found" hydrates as such instead of asking again (and showing a skeleton meanwhile).
    retryOnMount: false,
  });

export const useModel = (id: number) => useQuery(modelQueryOptions(id));

/** A refusal that means the profile is not there (404) or no longer shown (410): its page says so. */
export const isMissingProfile = (error: unknown): error is ApiError =>
  error instanceof ApiError && (error.status === 404 || error.status === 410);

/** Starts reading the profile a `/girl/{id}` page shows, as soon as the catalog's code arrives. */
export function prefetchModel(pathname: string, client: QueryClient = queryClient): boolean {
  const id = matchPath(routePatterns.model, pathname)?.params.id ?? '';
  if (!MODEL_ID_PATTERN.test(id)) return false;
  // A failed read is not reported here: the page's own query shows "not found" or the error. For
  // a profile that is not there, what its page offers instead is read at once.
  const options = modelQueryOptions(Number(id));
  // The server rendered a "not found" page and handed its refusal over: asking again would only
  // repeat it (its alternatives came with it too).
  if (isMissingProfile(client.getQueryState(options.queryKey)?.error)) return true;
  client
    .fetchQuery(options)
    .then((model) => preloadImages(profileFirstImages(model)))
    .catch((error: unknown) =>
      isMissingProfile(error)
        ? // With the missing page's own code, off the listing's first load.
          import('./get-model-alternatives').then((module) =>
            client.prefetchQuery(module.modelAlternativesQueryOptions(Number(id))),
          )
        : undefined,
    );
  return true;
}

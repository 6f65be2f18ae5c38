import { type DehydratedState, dehydrate, hydrate, type QueryClient } from '@tanstack/react-query';
import { ApiError } from '../http/api-error';

interface SerializedApiError {
  apiError: {
    code: ApiError['code'];
    status: number;
    fields: Record<string, string>;
    params: ApiError['params'];
  };
}

function isSerializedApiError(value: unknown): value is SerializedApiError {
  return typeof value === 'object' && value !== null && 'apiError' in value;
}

/**
 * What the server's queries found, for the page's HTML: answers and API refusals (a profile
 * that is gone renders the 404 page on the server, and must in the browser's first render too).
 */
export function dehydrateForPage(client: QueryClient): DehydratedState {
  const state = dehydrate(client, {
    shouldDehydrateQuery: (query) =>
      query.state.status === 'success' ||
      (query.state.status === 'error' && query.state.error instanceof ApiError),
  });
  return {
    ...state,
    queries: state.queries.map((query) => {
      const error = query.state.error;
      if (!(error instanceof ApiError)) return query;
      const apiError = { code: error.code, status: error.status, fields: error.fields, params: error.params };
      return { ...query, state: { ...query.state, error: { apiError } as unknown as Error } };
    }),
  };
}

/** Puts the server's answers into the browser's cache before the first render: no second fetch. */
export function hydrateFromPage(client: QueryClient, state: DehydratedState): void {
  hydrate(client, {
    ...state,
    queries: state.queries.map((query) => {
      const error: unknown = query.state.error;
      if (!isSerializedApiError(error)) return query;
      const { code, status, fields, params } = error.apiError;
      return { ...query, state: { ...query.state, error: new ApiError(code, status, { fields, params }) } };
    }),
  });
}

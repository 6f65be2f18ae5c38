import { queryOptions, useQuery } from '@tanstack/react-query';
import { LIVE_QUERY_META, type OnlineModelsResponse } from 'contracts';
import { api } from 'platform';

/** Visible profiles whose model is online now: her cabinet is open, or she streams. */
export const getOnlineCount = (signal?: AbortSignal) =>
  api.get<OnlineModelsResponse>('/model/online-count', undefined, signal);

export const onlineCountQueryOptions = () =>
  queryOptions({
    queryKey: ['models', 'online-count'],
    queryFn: ({ signal }) => getOnlineCount(signal),
    refetchInterval: 30_000,
    // Kept current while the page is open: not part of a rendered page's validator.
    meta: LIVE_QUERY_META,
  });

export const useOnlineCount = () => useQuery(onlineCountQueryOptions());

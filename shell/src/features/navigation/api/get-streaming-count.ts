import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from 'platform';

export const getStreamingCount = (signal?: AbortSignal) =>
  api.get<{ count: number }>('/model/streaming-count', undefined, signal);

export const streamingCountQueryOptions = () =>
  queryOptions({
    queryKey: ['site', 'streaming-count'],
    queryFn: ({ signal }) => getStreamingCount(signal),
    refetchInterval: 30_000,
  });

export const useStreamingCount = () => useQuery(streamingCountQueryOptions());

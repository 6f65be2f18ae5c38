import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from 'platform';

/** Live or paused streams of visible profiles (section 1's header figure). */
export const getStreamingCount = (signal?: AbortSignal) =>
  api.get<{ count: number }>('/model/streaming-count', undefined, signal);

export const streamingCountKey = ['models', 'streaming-count'] as const;

/**
 * The first value is read; the presence socket then pushes every change (`{"streaming": n}`), which
 * `usePresence` writes here. The slow refetch covers a browser whose tabs cannot talk to each other.
 */
export const streamingCountQueryOptions = () =>
  queryOptions({
    queryKey: streamingCountKey,
    queryFn: ({ signal }) => getStreamingCount(signal),
    refetchInterval: 60_000,
  });

export const useStreamingCount = () => useQuery(streamingCountQueryOptions());

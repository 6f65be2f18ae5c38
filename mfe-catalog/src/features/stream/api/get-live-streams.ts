import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LiveStreamList } from 'contracts/streams';
import { api } from 'platform';

export interface LiveStreamsQuery {
  city?: string | undefined;
  category?: string | undefined;
}

/** GET /api/streams/live: live and paused streams of visible profiles, newest first (the strip). */
export const getLiveStreams = (query: LiveStreamsQuery, signal?: AbortSignal) =>
  api.get<LiveStreamList>(
    '/streams/live',
    Object.fromEntries(Object.entries(query).filter(([, value]) => value)) as Record<string, string>,
    signal,
  );

export const liveStreamsQueryOptions = (query: LiveStreamsQuery) =>
  queryOptions({
    queryKey: ['streams', 'live', query.city ?? '', query.category ?? ''],
    queryFn: ({ signal }) => getLiveStreams(query, signal),
    refetchInterval: 30_000,
  });

export const useLiveStreams = (query: LiveStreamsQuery, enabled = true) =>
  useQuery({ ...liveStreamsQueryOptions(query), enabled });

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StreamPage } from 'contracts/streams';
import { ApiError, api } from 'platform';

/** What a stream id and channel in the URL look like; anything else is "not found" without asking. */
export const STREAM_ID_PATTERN = /^[1-9]\d{0,9}$/;
export const CHANNEL_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export const getStream = (id: number, channelId: string, signal?: AbortSignal) =>
  api.get<StreamPage>(`/streams/${id}/${encodeURIComponent(channelId)}`, undefined, signal);

export const streamQueryOptions = (id: number, channelId: string) =>
  queryOptions({
    queryKey: ['streams', 'detail', id, channelId],
    queryFn: ({ signal }) => getStream(id, channelId, signal),
    // A stream that never existed stays so: the server's 404 page hydrates as one.
    retryOnMount: false,
  });

export const useStream = (id: number, channelId: string) => useQuery(streamQueryOptions(id, channelId));

export const isMissingStream = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status === 404;

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentStream } from 'contracts/streams';
import { api } from 'platform';
import { streamKeys } from '../../../api/own-streams';

/** GET /api/own-profiles/streams/current: her live or paused stream, found again after a reload. */
export const getCurrentStream = (signal?: AbortSignal) =>
  api.get<CurrentStream>('/own-profiles/streams/current', undefined, signal);

export const currentStreamQueryOptions = () =>
  queryOptions({
    queryKey: streamKeys.current(),
    queryFn: ({ signal }) => getCurrentStream(signal),
  });

export const useCurrentStream = () => useQuery(currentStreamQueryOptions());

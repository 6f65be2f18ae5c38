import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { StreamRecordList } from 'contracts/streams';
import { api } from 'platform';
import { streamKeys } from '../../../api/own-streams';

/** GET /api/own-profiles/streams?page=: her streams, newest first (start, end, duration, peak viewers). */
export const getStreamRecords = (page: number, signal?: AbortSignal) =>
  api.get<StreamRecordList>('/own-profiles/streams', { page: String(page) }, signal);

export const streamRecordsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: streamKeys.records(page),
    queryFn: ({ signal }) => getStreamRecords(page, signal),
    placeholderData: keepPreviousData,
  });

export const useStreamRecords = (page: number) => useQuery(streamRecordsQueryOptions(page));

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ComplaintQueue } from 'contracts';
import { api } from 'platform';
import { reviewKeys } from '../../../api/review-keys';

/**
 * GET /admin-panel/complaints: profiles with open complaints, the ones complaints hide from
 * visitors first, then the most complained about; counts per reason.
 */
export const getComplaints = (page: number, signal?: AbortSignal) =>
  api.get<ComplaintQueue>('/admin-panel/complaints', { page }, signal);

export const complaintsQueryOptions = (page = 1) =>
  queryOptions({
    queryKey: reviewKeys.complaintQueue(page),
    queryFn: ({ signal }) => getComplaints(page, signal),
    staleTime: 0,
    refetchInterval: 60_000,
  });

export const useComplaints = (page: number) =>
  useQuery({ ...complaintsQueryOptions(page), placeholderData: keepPreviousData });

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ServiceListResponse } from 'contracts';
import { api } from 'platform';
import { reviewKeys } from '../../../api/review-keys';

/** GET /services: a submitted profile names its services by code; the review shows names. */
export const getModerationServices = (signal?: AbortSignal) =>
  api.get<ServiceListResponse>('/services', undefined, signal);

export const moderationServicesQueryOptions = () =>
  queryOptions({
    queryKey: reviewKeys.services(),
    queryFn: ({ signal }) => getModerationServices(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useModerationServices = () => useQuery(moderationServicesQueryOptions());

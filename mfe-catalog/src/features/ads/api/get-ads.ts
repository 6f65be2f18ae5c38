import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from 'platform';
import type { AdPlace } from '../model/ad-place';
import type { AdsQuery, ServedAds } from 'contracts/campaigns';

export const getAds = (where: AdPlace, signal?: AbortSignal) =>
  api.get<ServedAds>('/ads', { ...where } satisfies AdsQuery, signal);

export const adsKeys = {
  all: ['ads'] as const,
  served: (where: AdPlace) => [...adsKeys.all, 'served', where] as const,
};

export const adsQueryOptions = (where: AdPlace) =>
  queryOptions({
    queryKey: adsKeys.served(where),
    queryFn: ({ signal }) => getAds(where, signal),
    // Brief enough that a token (short-lived, signed per slot) is never served stale, long enough
    // that paging through one listing asks once.
    staleTime: 60_000,
    gcTime: 2 * 60_000,
    // An ad that failed to load is not worth a second request while the visitor browses.
    retry: false,
  });

/** `enabled` stays false until the listing has painted: ads never compete with it. */
export const useAds = (where: AdPlace, enabled: boolean) => useQuery({ ...adsQueryOptions(where), enabled });

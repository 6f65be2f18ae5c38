import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PricePageResponse } from 'contracts';
import { api } from 'platform';

export const getPrices = (signal?: AbortSignal) =>
  api.get<PricePageResponse>('/tipping-prices', undefined, signal);

export const pricesQueryOptions = () =>
  queryOptions({
    queryKey: ['prices', 'page'],
    queryFn: ({ signal }) => getPrices(signal),
  });

export const usePrices = () => useQuery(pricesQueryOptions());

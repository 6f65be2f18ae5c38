import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminPromoCodeList } from 'contracts';
import { api } from 'platform';
import { recordsKeys } from '../../../api/records-keys';

/** GET /admin-panel/promo-codes?page: newest first, with how often each was activated. */
export const getPromoCodes = (page: number, signal?: AbortSignal) =>
  api.get<AdminPromoCodeList>('/admin-panel/promo-codes', { page }, signal);

export const promoCodesQueryOptions = (page: number) =>
  queryOptions({
    queryKey: recordsKeys.promoCodeList(page),
    queryFn: ({ signal }) => getPromoCodes(page, signal),
    placeholderData: keepPreviousData,
  });

export const usePromoCodes = (page: number) => useQuery(promoCodesQueryOptions(page));

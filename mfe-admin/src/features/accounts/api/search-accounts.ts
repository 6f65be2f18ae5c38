import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminAccountList } from 'contracts';
import { api } from 'platform';
import { recordsKeys } from '../../../api/records-keys';

/** GET /admin-panel/accounts?q&page: by part of the e-mail or login, or a profile's id; newest first. */
export const searchAccounts = (q: string, page: number, signal?: AbortSignal) =>
  api.get<AdminAccountList>('/admin-panel/accounts', { q: q || undefined, page }, signal);

export const accountsQueryOptions = (q: string, page: number) =>
  queryOptions({
    queryKey: recordsKeys.accountList(q, page),
    queryFn: ({ signal }) => searchAccounts(q, page, signal),
    placeholderData: keepPreviousData,
  });

export const useAccounts = (q: string, page: number) => useQuery(accountsQueryOptions(q, page));

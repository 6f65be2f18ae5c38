import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminAccountDetails } from 'contracts';
import { api } from 'platform';
import { recordsKeys } from '../../../api/records-keys';

/** GET /admin-panel/accounts/:id: block state, profiles, balance, ledger, campaigns, sessions. */
export const getAccount = (id: number, signal?: AbortSignal) =>
  api.get<AdminAccountDetails>(`/admin-panel/accounts/${encodeURIComponent(id)}`, undefined, signal);

export const accountQueryOptions = (id: number) =>
  queryOptions({
    queryKey: recordsKeys.account(id),
    queryFn: ({ signal }) => getAccount(id, signal),
  });

export const useAccount = (id: number) => useQuery(accountQueryOptions(id));

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminSite } from 'contracts';
import { api } from 'platform';
import { recordsKeys } from '../../../api/records-keys';

/** GET /admin-panel/site: the header's slogan in both languages and every price line, by list and order. */
export const getSite = (signal?: AbortSignal) => api.get<AdminSite>('/admin-panel/site', undefined, signal);

export const siteQueryOptions = () =>
  queryOptions({ queryKey: recordsKeys.site(), queryFn: ({ signal }) => getSite(signal) });

export const useSite = () => useQuery(siteQueryOptions());

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditLog } from 'contracts';
import { api } from 'platform';
import { recordsKeys } from '../../../api/records-keys';

/** The audit log's filters as the URL and the API both spell them (all optional). */
export interface AuditFilters {
  action?: string;
  adminId?: string;
  targetType?: string;
  targetId?: string;
  from?: string;
  to?: string;
  page?: number;
}

/** GET /admin-panel/audit: every administrator's action, newest first, filtered. */
export const getAudit = (filters: AuditFilters, signal?: AbortSignal) =>
  api.get<AuditLog>('/admin-panel/audit', { ...filters }, signal);

export const auditQueryOptions = (filters: AuditFilters) =>
  queryOptions({
    queryKey: recordsKeys.auditList({ ...filters }),
    queryFn: ({ signal }) => getAudit(filters, signal),
    placeholderData: keepPreviousData,
  });

export const useAudit = (filters: AuditFilters) => useQuery(auditQueryOptions(filters));

import { adminAuditQuerySchema } from 'contracts';
import * as v from 'valibot';
import type { AuditFilters } from '../api/get-audit';

export const FILTER_KEYS = ['action', 'adminId', 'targetType', 'targetId', 'from', 'to'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];
export type FilterValues = Record<FilterKey, string>;

export const emptyFilters = (): FilterValues => ({
  action: '',
  adminId: '',
  targetType: '',
  targetId: '',
  from: '',
  to: '',
});

/** The filled-in filters only: an empty field means "any". */
export function filledOf(values: Partial<FilterValues>): Partial<FilterValues> {
  const filled: Partial<FilterValues> = {};
  for (const key of FILTER_KEYS) {
    const value = values[key]?.trim();
    if (value) filled[key] = value;
  }
  return filled;
}

/**
 * The filter form is held to the API's own query schema (ids, dates, from before to), with the
 * empty fields left out as the URL leaves them out.
 */
export const auditFilterSchema = v.pipe(
  v.custom<Partial<FilterValues>>((input) => typeof input === 'object' && input !== null),
  v.transform(filledOf),
  adminAuditQuerySchema,
);

/** The filters a URL names, for the form and the API call. */
export function filtersFromSearch(search: URLSearchParams): { values: FilterValues; query: AuditFilters } {
  const values = emptyFilters();
  for (const key of FILTER_KEYS) values[key] = search.get(key) ?? '';
  const page = Math.max(1, Number(search.get('page')) || 1);
  return { values, query: { ...filledOf(values), page } };
}

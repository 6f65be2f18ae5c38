import { ADMIN_PAGE_SIZE, type AdminPageQuery } from 'contracts';

/** A page of a paged list, and the rows it skips. */
export interface Page {
  page: number;
  perPage: number;
  offset: number;
}

export function pageOf(query: AdminPageQuery): Page {
  const page = query.page ?? 1;
  const perPage = query.perPage ?? ADMIN_PAGE_SIZE;
  return { page, perPage, offset: (page - 1) * perPage };
}

export function paged<T>(items: T[], total: number, { page, perPage }: Page) {
  return { items, total, page, perPage, pageCount: Math.ceil(total / perPage) };
}

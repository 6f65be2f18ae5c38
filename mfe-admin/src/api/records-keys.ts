/** The records' query keys (accounts, payments, promo codes, site, audit), below the admin's. */
export const recordsKeys = {
  accounts: () => ['admin', 'accounts'] as const,
  accountList: (q: string, page: number) => ['admin', 'accounts', 'list', q, page] as const,
  account: (id: number) => ['admin', 'accounts', 'detail', id] as const,
  adjustments: () => ['admin', 'adjustments'] as const,
  pendingAdjustments: (accountId: number | 'all') => ['admin', 'adjustments', 'pending', accountId] as const,
  orders: () => ['admin', 'payments'] as const,
  orderList: (filters: Record<string, string | number>) => ['admin', 'payments', 'list', filters] as const,
  order: (id: string) => ['admin', 'payments', 'detail', id] as const,
  promoCodes: () => ['admin', 'promo-codes'] as const,
  promoCodeList: (page: number) => ['admin', 'promo-codes', 'list', page] as const,
  site: () => ['admin', 'site'] as const,
  releases: () => ['admin', 'releases'] as const,
  audit: () => ['admin', 'audit'] as const,
  auditList: (filters: Record<string, string | number>) => ['admin', 'audit', 'list', filters] as const,
};

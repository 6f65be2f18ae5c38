import type {
  AdminBalanceAdjustment,
  AdminAccount,
  AdminAccountDetails,
  AdminLedgerLine,
  AdminPaymentOrder,
  AdminProfile,
  AdminPromoCode,
} from 'contracts';

/** A page of one of the administration's lists. */
export const pageOf = <T>(
  items: T[],
  overrides: { page?: number; pageCount?: number; total?: number } = {},
) => ({
  items,
  total: overrides.total ?? items.length,
  page: overrides.page ?? 1,
  perPage: 20,
  pageCount: overrides.pageCount ?? 1,
});

/** A model's account as the administration lists it; not blocked unless told. */
export function createAccount(overrides: Partial<AdminAccount> = {}): AdminAccount {
  return {
    id: 12,
    email: 'anna@example.com',
    login: 'anna',
    accountType: 'girl',
    role: 'user',
    locale: 'ru',
    blockedAt: null,
    blockComment: null,
    profileCount: 1,
    createdAt: '2026-10-01T09:00:00.000Z',
    ...overrides,
  };
}

export function createAdminProfile(overrides: Partial<AdminProfile> = {}): AdminProfile {
  return {
    id: 31,
    accountId: 12,
    name: 'Алина',
    category: 'individual',
    city: { slug: 'moscow', name: { ru: 'Москва', en: 'Moscow' } },
    status: 'published',
    lifecycleStatus: 'published',
    review: null,
    isBlocked: false,
    blockReason: null,
    blockSource: null,
    heldAt: null,
    openComplaints: 0,
    submittedAt: '2026-10-02T09:00:00.000Z',
    publishedAt: '2026-10-03T09:00:00.000Z',
    expiresAt: '2026-12-03T09:00:00.000Z',
    ...overrides,
  };
}

export function createLedgerLine(overrides: Partial<AdminLedgerLine> = {}): AdminLedgerLine {
  return {
    id: 501,
    transactionId: 401,
    kind: 'top_up',
    reference: 'order-1',
    metadata: {},
    amount: 1500,
    amountKopecks: 150_000,
    createdAt: '2026-11-01T12:00:00.000Z',
    ...overrides,
  };
}

/** An account's page: a model with one profile, one top-up and one live session. */
export function createAccountDetails(overrides: Partial<AdminAccountDetails> = {}): AdminAccountDetails {
  return {
    account: createAccount(),
    balance: 1500,
    balanceKopecks: 150_000,
    profiles: [createAdminProfile()],
    ledger: [createLedgerLine()],
    campaigns: [],
    sessions: [
      {
        id: 's-1',
        createdAt: '2026-11-20T08:00:00.000Z',
        lastUsedAt: '2026-11-21T08:00:00.000Z',
        expiresAt: '2026-12-20T08:00:00.000Z',
        userAgent: 'Mozilla/5.0 (iPhone)',
        ip: '203.0.113.7',
      },
    ],
    ...overrides,
  };
}

export function createPromoCode(overrides: Partial<AdminPromoCode> = {}): AdminPromoCode {
  return {
    id: 4,
    code: 'SPRING500',
    promoType: 'BALANCE_AMOUNT',
    amount: 500,
    accountType: 'girl',
    maxActivations: 100,
    activationCount: 7,
    validFrom: '2026-11-01',
    validUntil: '2026-12-31',
    isActive: true,
    descriptionRu: 'Весенний бонус',
    descriptionEn: 'Spring bonus',
    createdAt: '2026-11-01T09:00:00.000Z',
    ...overrides,
  };
}

export function createPaymentOrder(overrides: Partial<AdminPaymentOrder> = {}): AdminPaymentOrder {
  return {
    id: '0b7c2a8e-4f31-4c55-9d2e-6f1a2b3c4d5e',
    account: { id: 12, email: 'anna@example.com' },
    provider: 'sandbox',
    status: 'finished',
    amount: 1000,
    amountKopecks: 100_000,
    credited: 1000,
    creditedKopecks: 100_000,
    bonusPercent: null,
    providerInvoiceId: 'inv-42',
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:05:00.000Z',
    ...overrides,
  };
}

/** A large balance adjustment waiting for a second administrator (one the viewer may approve). */
export function createPendingAdjustment(
  overrides: Partial<AdminBalanceAdjustment> = {},
): AdminBalanceAdjustment {
  return {
    id: 41,
    account: { id: 12, email: 'anna@example.com' },
    amount: 25_000,
    amountKopecks: 2_500_000,
    reason: 'Возврат за сбой оплаты',
    status: 'pending',
    requestedBy: { id: 3, email: 'second@anketa.local' },
    decidedBy: null,
    canApprove: true,
    transactionId: null,
    createdAt: '2026-11-21T10:00:00.000Z',
    decidedAt: null,
    ...overrides,
  };
}

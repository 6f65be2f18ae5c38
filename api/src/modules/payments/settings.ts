/**
 * Which gateway takes top-ups. `sandbox` is the embedded default (no keys, no money);
 * `nowpayments` is enabled by its API key and IPN secret; `off` is production without keys,
 * where a sandbox would let anyone raise a balance for free.
 */
export type PaymentsSettings =
  | { provider: 'sandbox'; sandboxSecret?: string | undefined }
  | { provider: 'nowpayments'; apiKey: string; ipnSecret: string; apiUrl: string }
  | { provider: 'off' };

/**
 * A test-only pause while a webhook is applied, so that a test can kill the process at that
 * moment: `before-commit` inside the database transaction that credits, `after-commit` once it
 * has committed but before the answer is sent. Refused in production (config and app both).
 */
export interface PaymentsTestDelay {
  ms: number;
  at: 'before-commit' | 'after-commit';
}

/** What is kept of a refused webhook's body: its first 2 KiB (of UTF-8). */
export const REFUSED_WEBHOOK_BODY_BYTES = 2048;
/** Refused webhooks are deleted this long after they arrived. */
export const REFUSED_WEBHOOK_RETENTION_DAYS = 30;

/** Orders one account may create per window. */
export const PAYMENT_ORDER_RATE_LIMIT = { max: 20, windowSeconds: 60 * 60 } as const;

export interface PaymentsOptions {
  settings: PaymentsSettings;
  /** The site's public origin (NOWPayments' callback and return URLs). */
  publicUrl: string;
  orderRateLimit?: { max: number; windowSeconds: number } | undefined;
  testDelay?: PaymentsTestDelay | undefined;
}

/** The line the server logs when a test delay starts; the kill test waits for it. */
export const TEST_DELAY_LOG = 'payments test delay';

import type { AccountType, PaymentProviderName } from 'contracts';
import { randomInt } from 'node:crypto';
import { randomToken } from '../../lib/tokens';
import { verifyIpn } from './signature';

export const DEFAULT_NOWPAYMENTS_API_URL = 'https://api.nowpayments.io/v1';

/**
 * Where the browser lands after paying: the result pages of the account's own area, naming the
 * order (`?order=`) so the page can ask the server what became of it rather than trust the path.
 */
export function resultPath(area: AccountType, outcome: 'success' | 'error', orderId: string): string {
  return `${area === 'girl' ? '/profile' : '/advister'}/payment/crypto/${outcome}?order=${encodeURIComponent(orderId)}`;
}

/** The path of each gateway's webhook route, below /api. */
export const webhookPath = (provider: PaymentProviderName) => `/payments/webhooks/${provider}`;

export interface InvoiceRequest {
  orderId: string;
  amountKopecks: number;
  returnArea: AccountType;
}

export interface Invoice {
  /** The gateway's id of the invoice. */
  invoiceId: string;
  /** Where the browser goes to pay. */
  paymentUrl: string;
  /** The crypto amount, when the gateway names it at once (the sandbox does, NOWPayments later). */
  payCurrency: string | null;
  payAmount: string | null;
  /** The sandbox page's checkout token; the order keeps only its hash. */
  checkoutToken: string | null;
}

/** A payment gateway: it makes invoices and signs the webhooks it sends about their payments. */
export interface PaymentProvider {
  name: PaymentProviderName;
  createInvoice(request: InvoiceRequest): Promise<Invoice>;
  /** Whether a parsed webhook body carries this gateway's signature. */
  verifyWebhook(body: unknown, signature: string | undefined): boolean;
}

/** The sandbox's demo currency and rate: USDT at the site's rubles-per-dollar rate. */
export const SANDBOX_PAY_CURRENCY = 'usdttrc20';

export function sandboxPayAmount(amountKopecks: number, rubPerUsd: number): string {
  return (amountKopecks / 100 / rubPerUsd).toFixed(2);
}

/** The sandbox's payment of an invoice: one per invoice, so a second click names the same one. */
export const sandboxPaymentId = (invoiceId: string) => `${invoiceId}-1`;

/**
 * The built-in gateway: its payment page is our own (/api/payments/sandbox/:orderId), its
 * webhooks are signed with its own secret exactly as NOWPayments signs.
 */
export function createSandboxProvider(options: { secret: string; rubPerUsd: number }): PaymentProvider {
  return {
    name: 'sandbox',
    async createInvoice(request) {
      const checkoutToken = randomToken(32);
      return {
        invoiceId: String(randomInt(1_000_000_000, 9_999_999_999)),
        paymentUrl: `/api/payments/sandbox/${request.orderId}?token=${checkoutToken}`,
        payCurrency: SANDBOX_PAY_CURRENCY,
        payAmount: sandboxPayAmount(request.amountKopecks, options.rubPerUsd),
        checkoutToken,
      };
    },
    verifyWebhook: (body, signature) => verifyIpn(body, signature, options.secret),
  };
}

export interface NowPaymentsOptions {
  apiKey: string;
  ipnSecret: string;
  /** https://api.nowpayments.io/v1, or a fake gateway in tests. */
  apiUrl: string;
  /** The site's public origin: the IPN callback and the return pages are built from it. */
  publicUrl: string;
  /** How long to wait for the gateway to answer. */
  timeoutMs?: number;
}

/**
 * NOWPayments: an invoice (POST /v1/invoice) whose hosted page the browser is sent to; IPN
 * callbacks arrive at PUBLIC_URL + /api/payments/webhooks/nowpayments.
 */
export function createNowPaymentsProvider(options: NowPaymentsOptions): PaymentProvider {
  const base = options.apiUrl.replace(/\/+$/, '');
  const publicUrl = options.publicUrl.replace(/\/+$/, '');
  return {
    name: 'nowpayments',
    async createInvoice(request) {
      const response = await fetch(`${base}/invoice`, {
        method: 'POST',
        headers: { 'x-api-key': options.apiKey, 'content-type': 'application/json' },
        body: JSON.stringify({
          price_amount: request.amountKopecks / 100,
          price_currency: 'rub',
          order_id: request.orderId,
          order_description: 'Balance top-up',
          ipn_callback_url: `${publicUrl}/api${webhookPath('nowpayments')}`,
          success_url: `${publicUrl}${resultPath(request.returnArea, 'success', request.orderId)}`,
          cancel_url: `${publicUrl}${resultPath(request.returnArea, 'error', request.orderId)}`,
        }),
        signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`NOWPayments answered ${response.status}: ${text.slice(0, 300)}`);
      const invoice = JSON.parse(text) as { id?: unknown; invoice_url?: unknown };
      const url = typeof invoice.invoice_url === 'string' ? invoice.invoice_url : '';
      const id = invoice.id;
      if (!/^https?:\/\//.test(url) || (typeof id !== 'string' && typeof id !== 'number')) {
        throw new Error(`NOWPayments answered an invoice without id or invoice_url: ${text.slice(0, 300)}`);
      }
      return {
        invoiceId: String(id),
        paymentUrl: url,
        payCurrency: null,
        payAmount: null,
        checkoutToken: null,
      };
    },
    verifyWebhook: (body, signature) => verifyIpn(body, signature, options.ipnSecret),
  };
}

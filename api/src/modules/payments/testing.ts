import type { GatewayPaymentStatus } from 'contracts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { PaymentOrderRow } from './repository';
import { SIGNATURE_HEADER, signIpn } from './signature';

/** An IPN about `order` as NOWPayments would send it: paid in full unless the overrides say so. */
export function ipnFor(
  order: Pick<PaymentOrderRow, 'id' | 'amountKopecks'>,
  status: GatewayPaymentStatus,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    payment_id: 4_000_000_001,
    invoice_id: 5_000_000_001,
    payment_status: status,
    pay_address: 'TXsandboxAddress000000000000000000',
    price_amount: order.amountKopecks / 100,
    price_currency: 'rub',
    pay_amount: 10,
    actually_paid: status === 'finished' ? 10 : 0,
    pay_currency: 'usdttrc20',
    order_id: order.id,
    order_description: 'Balance top-up',
    purchase_id: 6_000_000_001,
    outcome_amount: 9.9,
    outcome_currency: 'usdttrc20',
    fee: { currency: 'usdttrc20', depositFee: 0, withdrawalFee: 0, serviceFee: 0.1 },
    ...overrides,
  };
}

/** Posts a webhook to the app, signed with `secret` (or with the given signature). */
export function sendWebhook(
  app: FastifyInstance,
  provider: 'sandbox' | 'nowpayments',
  body: unknown,
  secret: string,
  options: { signature?: string | null; rawBody?: string; contentType?: string } = {},
): Promise<LightMyRequestResponse> {
  const signature = options.signature === undefined ? signIpn(body, secret) : options.signature;
  return app.inject({
    method: 'POST',
    url: `/api/payments/webhooks/${provider}`,
    headers: {
      'content-type': options.contentType ?? 'application/json',
      ...(signature === null ? {} : { [SIGNATURE_HEADER]: signature }),
    },
    payload: options.rawBody ?? JSON.stringify(body) ?? '',
  });
}

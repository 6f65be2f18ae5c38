import { FINAL_PAYMENT_STATUSES, type GatewayPaymentStatus, type PaymentOrderStatus } from 'contracts';
import type { GatewayIpn } from './schemas';

/** The gateway's nine statuses folded into the order's eight. */
const ORDER_STATUS_OF: Record<GatewayPaymentStatus, PaymentOrderStatus> = {
  waiting: 'waiting',
  confirming: 'confirming',
  confirmed: 'confirmed',
  // The coins are confirmed and on their way to the merchant's wallet: still not final.
  sending: 'confirmed',
  partially_paid: 'partially_paid',
  finished: 'finished',
  failed: 'failed',
  // Returned to the payer before it reached us: nothing to credit, as for a failure.
  refunded: 'failed',
  expired: 'expired',
};

/** How far along an unfinished order is; a webhook never moves it back. */
const PROGRESS: Record<PaymentOrderStatus, number> = {
  created: 0,
  waiting: 1,
  confirming: 2,
  confirmed: 3,
  partially_paid: 4,
  finished: 4,
  failed: 4,
  expired: 4,
};

export const isFinal = (status: PaymentOrderStatus) => FINAL_PAYMENT_STATUSES.includes(status);

export interface OrderState {
  status: PaymentOrderStatus;
  amountKopecks: number;
  providerPaymentId: string | null;
}

export type Decision =
  /** Nothing changes: the order is final, or the webhook is older news than what it knows. */
  | { kind: 'ignore' }
  /** The webhook contradicts the order (another payment, another price): a person must look. */
  | { kind: 'conflict'; reason: string }
  /** The order moves on to `status`, crediting `creditKopecks` (0 unless it became paid). */
  | { kind: 'advance'; status: PaymentOrderStatus; creditKopecks: number };

/**
 * What a verified webhook does to an order. Statuses arrive out of order and more than once, so
 * only a step forward counts, and a final status (paid, part-paid, failed, expired) is never left.
 * `finished` credits the order's amount; `partially_paid` what arrived, in the order's currency:
 * the share `actually_paid / pay_amount` (both in the crypto currency) of the price.
 */
export function decide(order: OrderState, ipn: GatewayIpn): Decision {
  if (
    ipn.price_currency.toLowerCase() !== 'rub' ||
    Math.round(ipn.price_amount * 100) !== order.amountKopecks
  ) {
    return { kind: 'conflict', reason: `price ${ipn.price_amount} ${ipn.price_currency} is not the order's` };
  }
  if (order.providerPaymentId !== null && order.providerPaymentId !== ipn.payment_id) {
    return {
      kind: 'conflict',
      reason: `payment ${ipn.payment_id} is not the order's ${order.providerPaymentId}`,
    };
  }
  const status = ORDER_STATUS_OF[ipn.payment_status];
  if (isFinal(order.status) || PROGRESS[status] <= PROGRESS[order.status]) return { kind: 'ignore' };
  if (status === 'finished') return { kind: 'advance', status, creditKopecks: order.amountKopecks };
  if (status === 'partially_paid') {
    const paid = ipn.actually_paid ?? 0;
    const asked = ipn.pay_amount ?? 0;
    if (!(asked > 0) || !(paid > 0)) {
      return { kind: 'conflict', reason: `partially paid without amounts (paid ${paid} of ${asked})` };
    }
    // The epsilon keeps 2.78 of 5.56 from landing a hair under half in binary floating point.
    const kopecks = Math.floor((order.amountKopecks * paid) / asked + 1e-6);
    return { kind: 'advance', status, creditKopecks: Math.max(0, Math.min(order.amountKopecks, kopecks)) };
  }
  return { kind: 'advance', status, creditKopecks: 0 };
}

/** The deposit-percentage bonus on a credit, whole kopecks rounded down. */
export const bonusKopecks = (creditKopecks: number, percent: number) =>
  Math.floor((creditKopecks * percent) / 100);

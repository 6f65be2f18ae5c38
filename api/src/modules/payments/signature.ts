import { createHmac, timingSafeEqual } from 'node:crypto';

/** The header NOWPayments signs its IPN callbacks in; the sandbox gateway signs the same way. */
export const SIGNATURE_HEADER = 'x-nowpayments-sig';

/**
 * The value with every object's keys in alphabetical order, all the way down (the IPN's `fee`
 * is an object), arrays kept in their order.
 */
export function sortKeysDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeysDeep);
  if (value === null || typeof value !== 'object') return value;
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    sorted[key] = sortKeysDeep((value as Record<string, unknown>)[key]);
  }
  return sorted;
}

/**
 * How NOWPayments signs an IPN: HMAC-SHA512, hex, with the IPN secret, of JSON.stringify of the
 * parsed body with its keys sorted. The signature is over the parsed body, not the raw bytes, so
 * whitespace and key order on the wire do not matter.
 */
export function signIpn(body: unknown, secret: string): string {
  return createHmac('sha512', secret)
    .update(JSON.stringify(sortKeysDeep(body)) ?? '')
    .digest('hex');
}

/** Whether `signature` is the body's, compared in constant time. */
export function verifyIpn(body: unknown, signature: string | undefined, secret: string): boolean {
  if (!signature || !/^[0-9a-f]{128}$/i.test(signature)) return false;
  const expected = Buffer.from(signIpn(body, secret), 'hex');
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}

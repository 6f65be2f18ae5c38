import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signIpn, sortKeysDeep, verifyIpn } from './signature';

const SECRET = 'ipn-secret';
const body = {
  payment_status: 'finished',
  payment_id: 5_077_125_051,
  order_id: 'a1',
  fee: { withdrawalFee: 0, currency: 'usdttrc20', depositFee: 0 },
  price_amount: 500,
};

describe('the NOWPayments IPN signature', () => {
  it('is what NOWPayments documents for a flat body: HMAC-SHA512 hex of JSON.stringify with sorted keys', () => {
    const flat = { payment_status: 'finished', payment_id: 5_077_125_051, order_id: 'a1', price_amount: 500 };
    const documented = createHmac('sha512', SECRET)
      .update(JSON.stringify(flat, Object.keys(flat).sort()))
      .digest('hex');
    expect(signIpn(flat, SECRET)).toBe(documented);
  });

  it('sorts nested objects too, and keeps arrays in order', () => {
    expect(JSON.stringify(sortKeysDeep({ b: [{ d: 1, c: 2 }], a: { z: 1, y: 2 } }))).toBe(
      '{"a":{"y":2,"z":1},"b":[{"c":2,"d":1}]}',
    );
    const reordered = { ...body, fee: { depositFee: 0, currency: 'usdttrc20', withdrawalFee: 0 } };
    expect(signIpn(reordered, SECRET)).toBe(signIpn(body, SECRET));
  });

  it('verifies the right signature only', () => {
    const signature = signIpn(body, SECRET);
    expect(verifyIpn(body, signature, SECRET)).toBe(true);
    expect(verifyIpn(body, signature.toUpperCase(), SECRET)).toBe(true);
    expect(verifyIpn({ ...body, price_amount: 5000 }, signature, SECRET)).toBe(false);
    expect(verifyIpn(body, signIpn(body, 'other-secret'), SECRET)).toBe(false);
    expect(verifyIpn(body, undefined, SECRET)).toBe(false);
    expect(verifyIpn(body, 'abc', SECRET)).toBe(false);
    expect(verifyIpn(body, `${signature}00`, SECRET)).toBe(false);
  });
});

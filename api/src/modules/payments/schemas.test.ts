import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { gatewayIpnSchema, sandboxActionBodySchema } from './schemas';

const issuesOf = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input);
  return result.success ? [] : result.issues.map((issue) => v.getDotPath(issue));
};

describe('sandboxActionBodySchema', () => {
  it('takes a checkout token and one of the sandbox outcomes', () => {
    const token = 'a'.repeat(43);
    expect(v.parse(sandboxActionBodySchema, { token, outcome: 'partial' })).toEqual({
      token,
      outcome: 'partial',
    });
    expect(issuesOf(sandboxActionBodySchema, { token, outcome: 'refund' })).toEqual(['outcome']);
    expect(issuesOf(sandboxActionBodySchema, { token: 'short', outcome: 'pay' })).toEqual(['token']);
  });
});

describe('gatewayIpnSchema', () => {
  const ipn = {
    payment_id: 5_077_125_051,
    payment_status: 'finished',
    order_id: '0b6c1f9e-2a7d-4d8e-9a51-3c2f0e1d4b6a',
    price_amount: 500,
    price_currency: 'rub',
    pay_amount: '5.56',
    actually_paid: 5.56,
    pay_currency: 'usdttrc20',
    fee: { currency: 'usdttrc20', depositFee: 0, serviceFee: 0, withdrawalFee: 0 },
  };

  it('reads a NOWPayments IPN, numbers as numbers or strings, keeping the fields it does not act on', () => {
    const parsed = v.parse(gatewayIpnSchema, ipn);
    expect(parsed.payment_id).toBe('5077125051');
    expect(parsed.pay_amount).toBe(5.56);
    expect(parsed.fee).toEqual(ipn.fee);
  });

  it('refuses an unknown status, an order id that is not ours and a negative amount', () => {
    expect(issuesOf(gatewayIpnSchema, { ...ipn, payment_status: 'paid' })).toEqual(['payment_status']);
    expect(issuesOf(gatewayIpnSchema, { ...ipn, order_id: '42' })).toEqual(['order_id']);
    expect(issuesOf(gatewayIpnSchema, { ...ipn, price_amount: -1 })).toEqual(['price_amount']);
  });
});

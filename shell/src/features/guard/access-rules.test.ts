import { describe, expect, it } from 'vitest';
import { accessRuleFor, decideAccess } from './access-rules';

const guest = { status: 'guest' as const };
const loading = { status: 'loading' as const };
const girl = { status: 'authenticated' as const, accountType: 'girl' as const, accountRole: 'user' as const };
const advister = {
  status: 'authenticated' as const,
  accountType: 'advister' as const,
  accountRole: 'user' as const,
};
const admin = {
  status: 'authenticated' as const,
  accountType: 'advister' as const,
  accountRole: 'admin' as const,
};

describe('access rules', () => {
  it('guards each area by account type and leaves the crypto payment pages open', () => {
    expect(accessRuleFor('/profile/analytics')).toEqual({ kind: 'account', accountType: 'girl' });
    expect(accessRuleFor('/profile')).toEqual({ kind: 'account', accountType: 'girl' });
    expect(accessRuleFor('/advister/ads/completed')).toEqual({ kind: 'account', accountType: 'advister' });
    expect(accessRuleFor('/admin')).toEqual({ kind: 'admin' });
    expect(accessRuleFor('/profile/payment/crypto')).toEqual({ kind: 'public' });
    expect(accessRuleFor('/profile/payment/crypto/success')).toEqual({ kind: 'public' });
    expect(accessRuleFor('/advister/payment/crypto/error')).toEqual({ kind: 'public' });
    expect(accessRuleFor('/login/girl')).toEqual({ kind: 'guest-only' });
    expect(accessRuleFor('/restore-password')).toEqual({ kind: 'guest-only' });
    expect(accessRuleFor('/girl/5')).toEqual({ kind: 'public' });
  });

  it('shows a loading state while the session is unknown', () => {
    expect(decideAccess({ kind: 'account', accountType: 'girl' }, loading)).toEqual({
      render: false,
      loading: true,
    });
    expect(decideAccess({ kind: 'public' }, loading)).toEqual({ render: true });
  });

  it('sends guests to the login page of the area they asked for', () => {
    expect(decideAccess({ kind: 'account', accountType: 'girl' }, guest)).toEqual({
      render: false,
      redirect: '/login/girl',
    });
    expect(decideAccess({ kind: 'account', accountType: 'advister' }, guest)).toEqual({
      render: false,
      redirect: '/login/advister',
    });
  });

  it('sends a signed-in account of the wrong type to its own area', () => {
    expect(decideAccess({ kind: 'account', accountType: 'advister' }, girl)).toEqual({
      render: false,
      redirect: '/profile',
    });
    expect(decideAccess({ kind: 'account', accountType: 'girl' }, advister)).toEqual({
      render: false,
      redirect: '/advister',
    });
    expect(decideAccess({ kind: 'account', accountType: 'girl' }, girl)).toEqual({ render: true });
  });

  it('keeps signed-in users out of the sign-in pages', () => {
    expect(decideAccess({ kind: 'guest-only' }, girl)).toEqual({ render: false, redirect: '/profile' });
    expect(decideAccess({ kind: 'guest-only' }, advister)).toEqual({ render: false, redirect: '/advister' });
    expect(decideAccess({ kind: 'guest-only' }, guest)).toEqual({ render: true });
  });

  it('lets only administrators into /admin', () => {
    expect(decideAccess({ kind: 'admin' }, admin)).toEqual({ render: true });
    expect(decideAccess({ kind: 'admin' }, girl)).toEqual({ render: false, redirect: '/profile' });
  });
});

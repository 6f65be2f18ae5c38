import type { AccountType } from 'contracts';
import { matchPath } from 'react-router-dom';

export type AccessRule =
  | { kind: 'public' }
  /** Signed-in users are sent to their own area (sign-in and registration pages). */
  | { kind: 'guest-only' }
  | { kind: 'account'; accountType: AccountType }
  | { kind: 'admin' };

const GUEST_ONLY = ['/login/*', '/register/*', '/forgot-password', '/restore-password'];

/** Which rule guards a path. The crypto payment pages are reached from a gateway and stay open. */
export function accessRuleFor(pathname: string): AccessRule {
  if (matchPath('/profile/payment/crypto/*', pathname)) return { kind: 'public' };
  if (matchPath('/advister/payment/crypto/*', pathname)) return { kind: 'public' };
  if (matchPath('/profile/*', pathname)) return { kind: 'account', accountType: 'girl' };
  if (matchPath('/advister/*', pathname)) return { kind: 'account', accountType: 'advister' };
  if (matchPath('/admin/*', pathname)) return { kind: 'admin' };
  if (GUEST_ONLY.some((pattern) => matchPath(pattern, pathname))) return { kind: 'guest-only' };
  return { kind: 'public' };
}

export type GuardDecision =
  | { render: true }
  | { render: false; loading: true }
  | { render: false; redirect: string };

interface SessionLike {
  status: 'loading' | 'guest' | 'authenticated';
  accountType?: AccountType;
  accountRole?: 'user' | 'admin';
}

const homeOf = (accountType: AccountType | undefined) =>
  accountType === 'advister' ? '/advister' : '/profile';

/** The guard's whole decision as a pure function, so each rule has a plain test. */
export function decideAccess(rule: AccessRule, session: SessionLike): GuardDecision {
  if (rule.kind === 'public') return { render: true };
  if (session.status === 'loading') return { render: false, loading: true };
  const signedIn = session.status === 'authenticated';
  switch (rule.kind) {
    case 'guest-only':
      return signedIn ? { render: false, redirect: homeOf(session.accountType) } : { render: true };
    case 'account':
      if (!signedIn) return { render: false, redirect: `/login/${rule.accountType}` };
      if (session.accountType !== rule.accountType)
        return { render: false, redirect: homeOf(session.accountType) };
      return { render: true };
    case 'admin':
      if (!signedIn) return { render: false, redirect: '/login/advister' };
      return session.accountRole === 'admin'
        ? { render: true }
        : { render: false, redirect: homeOf(session.accountType) };
  }
}

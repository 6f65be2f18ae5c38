import type { AccountType } from 'contracts';
import { createContext, type ReactNode, useContext } from 'react';

/** A signed-in area: whose it is and the path it lives under. */
export interface AccountArea {
  accountType: AccountType;
  /** `/profile` (a model's cabinet) or `/advister` (an advertiser's office). */
  base: string;
}

export const ACCOUNT_AREAS: Record<AccountType, AccountArea> = {
  girl: { accountType: 'girl', base: '/profile' },
  advister: { accountType: 'advister', base: '/advister' },
};

const AreaContext = createContext<AccountArea | null>(null);

/** Each remote wraps its routes in this once, so the shared screens link within its own area. */
export function AccountAreaProvider({
  accountType,
  children,
}: {
  accountType: AccountType;
  children: ReactNode;
}) {
  return <AreaContext.Provider value={ACCOUNT_AREAS[accountType]}>{children}</AreaContext.Provider>;
}

/** The area a shared screen is rendered in; a screen outside any area is a wiring mistake. */
export function useAccountArea(): AccountArea {
  const area = useContext(AreaContext);
  if (!area) throw new Error('account-ui screens render inside an AccountAreaProvider');
  return area;
}

import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { type SessionProfile, sessionKeys, useSession } from 'platform';

/** The balance in whole rubles as the session knows it (the shell's header reads the same). */
export function useBalance(): number | null {
  const session = useSession();
  return session.status === 'authenticated' ? session.profile.balance : null;
}

/**
 * Writes a balance the server just answered with into the session, so the layout, the shell's
 * cabinet menu and every screen show it at once without another call.
 */
export function applyBalance(queryClient: QueryClient, balance: number): void {
  queryClient.setQueryData<SessionProfile | null>(sessionKeys.profile(), (profile) =>
    profile ? { ...profile, balance, balanceKopecks: Math.round(balance * 100) } : profile,
  );
}

export function useApplyBalance() {
  const queryClient = useQueryClient();
  return (balance: number) => applyBalance(queryClient, balance);
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountType } from 'contracts';
import { useAtomValue } from 'jotai';
import { api, refreshSession } from '../http/client';
import { refreshFlagAtom } from './session-flag';

/** GET /api/profile: what the shell and the cabinets know about the signed-in account. */
export interface SessionProfile {
  email: string;
  login: string | null;
  balance: number;
  balanceKopecks: number;
  accountType: AccountType;
  accountRole: 'user' | 'admin';
  locale: 'ru' | 'en';
}

export const sessionKeys = {
  all: ['session'] as const,
  profile: () => [...sessionKeys.all, 'profile'] as const,
};

interface SessionAnswer {
  profile: SessionProfile | null;
  canRefresh: boolean;
}

/**
 * Who is signed in, through GET /auth/session: a guest is an answer there, not an error, so a
 * guest's page load makes no failing call. Only when a refresh cookie is left (the access token
 * ran out) is the session refreshed and asked for again.
 */
export async function getProfile(signal?: AbortSignal): Promise<SessionProfile | null> {
  const first = await api.get<SessionAnswer>('/auth/session', undefined, signal);
  if (first.profile || !first.canRefresh) return first.profile;
  if (!(await refreshSession())) return null;
  return (await api.get<SessionAnswer>('/auth/session', undefined, signal)).profile;
}

export const profileQueryOptions = () =>
  queryOptions({
    queryKey: sessionKeys.profile(),
    queryFn: ({ signal }) => getProfile(signal),
    staleTime: 60_000,
    refetchOnMount: true,
  });

export type Session =
  | { status: 'loading' }
  | { status: 'guest' }
  | { status: 'authenticated'; profile: SessionProfile };

/**
 * Authenticated only when the profile answers with an accountRole. While localStorage
 * `refresh` is "false" the profile is not asked for at all.
 */
export function useSession(): Session {
  const flag = useAtomValue(refreshFlagAtom);
  const signedOut = flag === 'false';
  const profile = useQuery({ ...profileQueryOptions(), enabled: !signedOut });
  if (signedOut) return { status: 'guest' };
  if (profile.isPending) return { status: 'loading' };
  const data = profile.data;
  if (data?.accountRole) return { status: 'authenticated', profile: data };
  return { status: 'guest' };
}

/** Where an account type lives: girls in /profile, advertisers in /advister. */
export function homeOf(accountType: AccountType): string {
  return accountType === 'advister' ? '/advister' : '/profile';
}

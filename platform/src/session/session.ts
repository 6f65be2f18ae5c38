import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountType } from 'contracts';
import { useAtomValue } from 'jotai';
import { ApiError } from '../http/api-error';
import { api } from '../http/client';
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

/** A guest is a valid answer, not an error: 401 resolves to null. */
export async function getProfile(signal?: AbortSignal): Promise<SessionProfile | null> {
  try {
    return await api.get<SessionProfile>('/profile', undefined, signal);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
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

import type { ProfileResponse } from 'contracts';

/** A signed-in user's profile as `GET /profile` answers it: a girl's account unless overridden. */
export function createProfile(overrides: Partial<ProfileResponse> = {}): ProfileResponse {
  return {
    email: 'anna@example.com',
    login: null,
    balance: 0,
    balanceKopecks: 0,
    accountType: 'girl',
    accountRole: 'user',
    locale: 'ru',
    ...overrides,
  };
}

import type { ProfileResponse, RegistrationCodeSentResponse } from 'contracts';

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

export function createCodeSent(
  overrides: Partial<RegistrationCodeSentResponse> = {},
): RegistrationCodeSentResponse {
  return { resendAvailableInSeconds: 60, expiresInSeconds: 600, ...overrides };
}

import type { RegistrationCodeSentResponse } from 'contracts';

export function createCodeSent(
  overrides: Partial<RegistrationCodeSentResponse> = {},
): RegistrationCodeSentResponse {
  return { resendAvailableInSeconds: 60, expiresInSeconds: 600, ...overrides };
}

import { useMutation } from '@tanstack/react-query';
import type { ProfileResponse, VerifyRegistrationCodeBody } from 'contracts';
import { api, markSignedIn } from 'platform';

export const verifyRegistrationCode = (body: VerifyRegistrationCodeBody) =>
  api.post<ProfileResponse>('/auth/verify-registration-code', body);

/** A right code creates the account and signs it in: the answer is its profile. */
export const useVerifyRegistrationCode = () =>
  useMutation({
    mutationFn: verifyRegistrationCode,
    onSuccess: (profile) => markSignedIn(profile),
  });

import { useMutation } from '@tanstack/react-query';
import type { ProfileResponse, VerifyRegistrationCodeBody } from 'contracts';
import { api, markSignedIn } from 'platform';
import { forgetRegistrationPromo } from '../model/registration-promo';

export const verifyRegistrationCode = (body: VerifyRegistrationCodeBody) =>
  api.post<ProfileResponse>('/auth/verify-registration-code', body);

/** A right code creates the account and signs it in: the answer is its profile. */
export const useVerifyRegistrationCode = () =>
  useMutation({
    mutationFn: verifyRegistrationCode,
    onSuccess: (profile) => {
      forgetRegistrationPromo();
      markSignedIn(profile);
    },
  });

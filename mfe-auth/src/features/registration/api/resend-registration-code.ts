import { useMutation } from '@tanstack/react-query';
import type { RegistrationCodeSentResponse, ResendRegistrationCodeBody } from 'contracts';
import { api } from 'platform';

export const resendRegistrationCode = (body: ResendRegistrationCodeBody) =>
  api.post<RegistrationCodeSentResponse>('/auth/resend-registration-code', body);

export const useResendRegistrationCode = () => useMutation({ mutationFn: resendRegistrationCode });

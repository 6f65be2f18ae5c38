import { useMutation } from '@tanstack/react-query';
import type { RegistrationCodeSentResponse, SendRegistrationCodeBody } from 'contracts';
import { api } from 'platform';

export const sendRegistrationCode = (body: SendRegistrationCodeBody) =>
  api.post<RegistrationCodeSentResponse>('/auth/send-registration-code', body);

export const useSendRegistrationCode = () => useMutation({ mutationFn: sendRegistrationCode });

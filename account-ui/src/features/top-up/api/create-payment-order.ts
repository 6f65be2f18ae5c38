import { useMutation } from '@tanstack/react-query';
import type { CreatePaymentOrderBody, PaymentOrderCreatedResponse } from 'contracts';
import { api } from 'platform';

/** POST /payments/orders: the order and the gateway page to pay it on. Changes no cached query. */
export const createPaymentOrder = (body: CreatePaymentOrderBody) =>
  api.post<PaymentOrderCreatedResponse>('/payments/orders', body);

export const useCreatePaymentOrder = () => useMutation({ mutationFn: createPaymentOrder });

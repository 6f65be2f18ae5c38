import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminPaymentOrderDetails } from 'contracts';
import { api } from 'platform';
import { recordsKeys } from '../../../api/records-keys';

/** GET /admin-panel/payments/orders/:id: the order and the gateway's webhooks, oldest first. */
export const getPaymentOrder = (id: string, signal?: AbortSignal) =>
  api.get<AdminPaymentOrderDetails>(
    `/admin-panel/payments/orders/${encodeURIComponent(id)}`,
    undefined,
    signal,
  );

export const paymentOrderQueryOptions = (id: string) =>
  queryOptions({
    queryKey: recordsKeys.order(id),
    queryFn: ({ signal }) => getPaymentOrder(id, signal),
  });

export const usePaymentOrder = (id: string) => useQuery(paymentOrderQueryOptions(id));

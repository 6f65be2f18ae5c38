import { queryOptions, useQuery } from '@tanstack/react-query';
import { FINAL_PAYMENT_STATUSES, type PaymentOrder } from 'contracts';
import { api } from 'platform';

export const paymentOrderKeys = {
  all: ['payments', 'orders'] as const,
  detail: (id: string) => [...paymentOrderKeys.all, id] as const,
};

export const getPaymentOrder = (id: string, signal?: AbortSignal) =>
  api.get<PaymentOrder>(`/payments/orders/${encodeURIComponent(id)}`, undefined, signal);

/** Settled: the gateway's webhook has arrived and the order will not change again. */
export const isSettled = (order: PaymentOrder) => FINAL_PAYMENT_STATUSES.includes(order.status);

/** Paid: something reached the balance (all of it, or part of it). */
export const isPaid = (order: PaymentOrder) =>
  order.status === 'finished' || (order.status === 'partially_paid' && order.credited > 0);

/** How often to ask while the webhook has not arrived. */
export const POLL_INTERVAL_MS = 2_000;

export const paymentOrderQueryOptions = (id: string) =>
  queryOptions({
    queryKey: paymentOrderKeys.detail(id),
    queryFn: ({ signal }) => getPaymentOrder(id, signal),
    // The state changes on the server only; never show a cached one as current.
    staleTime: 0,
  });

/**
 * One order, asked for again every POLL_INTERVAL_MS until it is settled or `polling` is turned
 * off (the page gives up after a few minutes).
 */
export const usePaymentOrder = (id: string, { enabled, polling }: { enabled: boolean; polling: boolean }) =>
  useQuery({
    ...paymentOrderQueryOptions(id),
    enabled,
    refetchInterval: (query) => {
      const order = query.state.data;
      if (!polling || query.state.status === 'error') return false;
      return order && isSettled(order) ? false : POLL_INTERVAL_MS;
    },
  });

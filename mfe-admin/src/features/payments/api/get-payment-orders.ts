import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminPaymentOrderList } from 'contracts';
import { api } from 'platform';
import { recordsKeys } from '../../../api/records-keys';

export interface PaymentOrderFilters {
  status?: string;
  accountId?: string;
  page?: number;
}

/** GET /admin-panel/payments/orders?status&accountId&page: top-up orders, newest first. */
export const getPaymentOrders = (filters: PaymentOrderFilters, signal?: AbortSignal) =>
  api.get<AdminPaymentOrderList>('/admin-panel/payments/orders', { ...filters }, signal);

export const paymentOrdersQueryOptions = (filters: PaymentOrderFilters) =>
  queryOptions({
    queryKey: recordsKeys.orderList({ ...filters }),
    queryFn: ({ signal }) => getPaymentOrders(filters, signal),
    placeholderData: keepPreviousData,
  });

export const usePaymentOrders = (filters: PaymentOrderFilters) =>
  useQuery(paymentOrdersQueryOptions(filters));

import type { PagedCustomerOrders } from '@esim/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Orders per page on the dashboard home. */
export const ordersPageSize = 10;

/** GET /api/account/orders: the signed-in customer's orders, newest first (404 PAGE_OUT_OF_RANGE past the end). */
export const getOrders = (page: number, signal?: AbortSignal) =>
  api.get<PagedCustomerOrders>('/account/orders', {
    query: { page, pageSize: ordersPageSize },
    ...(signal ? { signal } : {}),
  });

export const ordersQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['account', 'orders', page],
    queryFn: ({ signal }) => getOrders(page, signal),
    staleTime: 15_000,
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export const useOrders = (page: number) => useQuery(ordersQueryOptions(page));

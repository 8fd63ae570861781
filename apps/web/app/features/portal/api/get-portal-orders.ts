import type { OrderKind, OrderStatus } from '@esim/contracts';
import type { PagedPortalOrders } from '@esim/contracts/portal';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export type PortalOrdersFilters = {
  kind?: OrderKind;
  status?: OrderStatus;
  createdFrom?: string;
  createdTo?: string;
};
export const portalOrdersPageSize = 25;

/** GET /api/portal/orders: the shop's orders, newest first, filtered. */
export const getPortalOrders = (filters: PortalOrdersFilters, page: number, signal?: AbortSignal) =>
  api.get<PagedPortalOrders>('/portal/orders', {
    query: { ...filters, page, pageSize: portalOrdersPageSize },
    ...(signal ? { signal } : {}),
  });

export const portalOrdersQueryOptions = (filters: PortalOrdersFilters, page: number) =>
  queryOptions({
    queryKey: ['portal', 'orders', filters, page],
    queryFn: ({ signal }) => getPortalOrders(filters, page, signal),
    placeholderData: keepPreviousData,
  });

export const usePortalOrders = (filters: PortalOrdersFilters, page: number) =>
  useQuery(portalOrdersQueryOptions(filters, page));

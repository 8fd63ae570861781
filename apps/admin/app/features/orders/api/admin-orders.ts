/** Admin orders (admin only): GET and POST /api/staff/admin-orders, the CSV, and the packages to choose from. */
import type { Paged } from '@esim/contracts';
import type {
  AdminOrder,
  AdminOrderPackages,
  AdminOrdersQuery,
  CreateAdminOrderBody,
  CreateAdminOrderResponse,
} from '@esim/contracts/staff';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const listAdminOrders = (query: AdminOrdersQuery, signal?: AbortSignal) =>
  api.get<Paged<AdminOrder>>('/staff/admin-orders', { query, ...(signal ? { signal } : {}) });

/** The whole filtered list as CSV, streamed by the server (not only the page on screen). */
export const exportAdminOrders = ({ sort, q, purpose }: AdminOrdersQuery) =>
  api.get<string>('/staff/admin-orders.csv', {
    query: { sort, ...(q ? { q } : {}), ...(purpose ? { purpose } : {}) },
  });

/** Creates the order; the list reloads so the new row shows at once. */
export const useCreateAdminOrder = (listId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAdminOrderBody) =>
      api.post<CreateAdminOrderResponse>('/staff/admin-orders', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [listId] }),
  });
};

/** Up to 100 sellable packages, searched by name. */
export const usePackageChoices = (q: string) =>
  useQuery({
    queryKey: ['adminOrderPackages', q],
    queryFn: ({ signal }) =>
      api.get<AdminOrderPackages>('/staff/admin-orders/packages', { query: q ? { q } : {}, signal }),
    placeholderData: keepPreviousData,
  });

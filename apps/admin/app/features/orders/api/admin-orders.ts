/** Admin orders (admin only): GET and POST /api/staff/admin-orders, the CSV, and the packages to choose from. */
import type { Paged, PagedPackages } from '@esim/contracts';
import type {
  AdminOrder,
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

/** Up to 100 sellable packages, searched by destination (the catalogue's own search). */
export const usePackageChoices = (q: string) =>
  useQuery({
    queryKey: ['admin-order-packages', q],
    queryFn: ({ signal }) =>
      api.get<PagedPackages>('/packages', { query: { pageSize: 100, ...(q ? { q } : {}) }, signal }),
    placeholderData: keepPreviousData,
  });

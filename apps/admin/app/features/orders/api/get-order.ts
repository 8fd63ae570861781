/** GET /api/staff/orders/:orderId (admin only): the order's page, with its timeline. */
import type { StaffOrderPage } from '@esim/contracts/staff';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const orderQueryKey = (orderId: string) => ['staff-order', orderId] as const;

export const useStaffOrder = (orderId: string) =>
  useQuery({
    queryKey: orderQueryKey(orderId),
    queryFn: ({ signal }) =>
      api.get<StaffOrderPage>(`/staff/orders/${encodeURIComponent(orderId)}`, { signal }),
  });

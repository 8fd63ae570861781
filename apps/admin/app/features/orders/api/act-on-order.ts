/**
 * POST /api/staff/orders/:orderId/approve | cancel (an order in review, with a reason) and /contact-buyer (the
 * template e-mail to the buyer). The order's page and every order list reload after each.
 */
import type { ContactBuyerResponse, StaffOrderActionResponse } from '@esim/contracts/staff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { allOrdersList } from '../all-orders-list';
import { failedOrdersList } from '../failed-orders-list';
import { reviewOrdersList } from '../review-orders-list';
import { orderQueryKey } from './get-order';

export type OrderAction =
  | { action: 'approve' | 'cancel'; reason: string }
  | { action: 'contact-buyer'; reason?: undefined };

export const useOrderAction = (orderId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, reason }: OrderAction) =>
      api.post<StaffOrderActionResponse | ContactBuyerResponse>(
        `/staff/orders/${encodeURIComponent(orderId)}/${action}`,
        reason === undefined ? {} : { reason },
      ),
    onSettled: () =>
      Promise.all(
        [orderQueryKey(orderId), [allOrdersList.id], [reviewOrdersList.id], [failedOrdersList.id]].map(
          (queryKey) => queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
};

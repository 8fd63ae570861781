/** POST /api/staff/orders/:orderId/retry-fulfilment (admin only): queues a failed order for fulfilment again. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { failedOrdersList } from '../failed-orders-list';

export const retryFulfilment = (orderId: string) =>
  api.post<{ queued: true }>(`/staff/orders/${encodeURIComponent(orderId)}/retry-fulfilment`);

/** Retries each chosen order; the list reloads once all are queued. */
export const useRetryFulfilment = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (orderIds: readonly string[]) => {
      for (const id of orderIds) await retryFulfilment(id);
      return orderIds.length;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: [failedOrdersList.id] }),
  });
};

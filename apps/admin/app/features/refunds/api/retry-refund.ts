/** POST /api/staff/orders/:orderId/refunds/:refundId/retry (admin only): a failed refund sent again, same key. */
import type { RefundAnswer } from '@esim/contracts/staff';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useRefreshRefunds } from './refund-order';

export const useRetryRefund = (orderId: string, refundId: string) => {
  const refresh = useRefreshRefunds(orderId);
  return useMutation({
    mutationFn: (_: null) =>
      api.post<RefundAnswer>(
        `/staff/orders/${encodeURIComponent(orderId)}/refunds/${encodeURIComponent(refundId)}/retry`,
      ),
    onSettled: refresh,
  });
};

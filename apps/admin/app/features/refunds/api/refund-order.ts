/**
 * GET /api/staff/orders/:orderId/refunds (what may still be refunded, the policy and the economics) and
 * POST the same path (a refund). Admin only.
 */
import type { CreateRefundBody, OrderRefundQuote, RefundAnswer } from '@esim/contracts/staff';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const refundQuoteKey = (orderId: string) => ['refund-quote', orderId] as const;
/** Every list of refunds (the six screens are presets of one list). */
export const refundsListKey = ['refunds'] as const;

const pathOf = (orderId: string) => `/staff/orders/${encodeURIComponent(orderId)}/refunds`;

export const useRefundQuote = (orderId: string) =>
  useQuery({
    queryKey: refundQuoteKey(orderId),
    queryFn: ({ signal }) => api.get<OrderRefundQuote>(pathOf(orderId), { signal }),
  });

/** After any refund or retry: the order's quote and every refunds list reload. */
export const useRefreshRefunds = (orderId: string) => {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: refundQuoteKey(orderId) }),
      queryClient.invalidateQueries({ queryKey: refundsListKey }),
    ]);
};

export const useRefundOrder = (orderId: string) => {
  const refresh = useRefreshRefunds(orderId);
  return useMutation({
    mutationFn: (body: CreateRefundBody) => api.post<RefundAnswer>(pathOf(orderId), body),
    onSettled: refresh,
  });
};

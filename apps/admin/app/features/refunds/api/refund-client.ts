/** POST /api/staff/clients/:clientId/refunds (admin only): every refundable order of a client, each refunded. */
import type { ClientRefundAnswer, ClientRefundBody } from '@esim/contracts/staff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refundsListKey } from './refund-order';

export const useRefundClient = (clientId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ClientRefundBody) =>
      api.post<ClientRefundAnswer>(`/staff/clients/${encodeURIComponent(clientId)}/refunds`, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: refundsListKey }),
  });
};

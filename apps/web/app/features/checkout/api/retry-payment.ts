import { orderViewHeader } from '@esim/contracts/headers';
import { api } from '../../../lib/api';
import { readPayToken } from '../view-token';

/**
 * POST /api/orders/:orderId/retry-payment: a new checkout for an unpaid order (the failure page's "try again").
 * The proof is the token this tab got when it created the order; a signed-in buyer's session also counts.
 */
export const retryPayment = (orderId: string) => {
  const token = readPayToken(orderId);
  return api.post<{ checkoutUrl: string }>(
    `/orders/${encodeURIComponent(orderId)}/retry-payment`,
    undefined,
    token ? { headers: { [orderViewHeader]: token } } : undefined,
  );
};

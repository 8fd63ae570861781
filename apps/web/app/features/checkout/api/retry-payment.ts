import { api } from '../../../lib/api';

/** POST /api/orders/:orderId/retry-payment: a new checkout for an unpaid order (the failure page's "try again"). */
export const retryPayment = (orderId: string) =>
  api.post<{ checkoutUrl: string }>(`/orders/${encodeURIComponent(orderId)}/retry-payment`);

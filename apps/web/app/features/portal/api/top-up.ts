import type { PortalOrder, TopUpQuote } from '@esim/contracts/portal';
import { api } from '../../../lib/api';

export type TopUpOrder = TopUpQuote & { orderId: string; number: string; checkoutUrl: string };

/** GET /api/portal/topups/quote: the bonus this amount earns (exactly the bonus credited once paid). */
export const getTopUpQuote = (amountCents: number) =>
  api.get<TopUpQuote>('/portal/topups/quote', { query: { amountCents } });

/**
 * POST /api/portal/topups: the order and the card page to open. `idempotencyKey` is drawn once per order
 * summary, so a double click on "place order" is one order.
 */
export const createTopUp = (body: { amountCents: number; idempotencyKey: string }) =>
  api.post<TopUpOrder>('/portal/topups', body);

/** POST /api/portal/topups/:id/confirm: the card page's return; confirms unless the webhook already did. */
export const confirmTopUp = (orderId: string, sessionId: string) =>
  api.post<PortalOrder>(`/portal/topups/${encodeURIComponent(orderId)}/confirm`, { sessionId });

/** A fresh key for one order summary (letters, digits, dash: the contract's format). */
export const newIdempotencyKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

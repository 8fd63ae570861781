import type {
  Balances,
  CreatePortalPurchaseBody,
  CreatePortalRefillBody,
  PortalOrder,
} from '@esim/contracts/portal';
import type { PortalChangeQuote } from '@esim/contracts/portal-subscribers';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export type PurchaseResult = { order: PortalOrder; balances: Balances };

/** The price the confirm step showed goes with every purchase: another price is 409 PRICE_CHANGED (ADR 0093). */
type Confirmed = { expectedTotalCents: number };

/** POST /api/portal/orders: a package for a new or existing subscriber, paid by credits (one order per key). */
export const createPurchase = (body: CreatePortalPurchaseBody & Confirmed) =>
  api.post<PurchaseResult>('/portal/orders', body);

/** POST /api/portal/esims/:esimId/refills: a package on a subscriber's eSIM, paid by credits. */
export const createRefill = (esimId: string, body: CreatePortalRefillBody & Confirmed) =>
  api.post<PurchaseResult>(`/portal/esims/${encodeURIComponent(esimId)}/refills`, body);

/** POST /api/portal/esims/:esimId/change: a new eSIM that takes over every package, paid by credits. */
export const createEsimChange = (esimId: string, idempotencyKey: string, expectedTotalCents: number) =>
  api.post<PurchaseResult>(`/portal/esims/${encodeURIComponent(esimId)}/change`, {
    idempotencyKey,
    expectedTotalCents,
  });

/** GET /api/portal/esims/:esimId/change-quote: what a change costs in credits and how many packages move. */
export const useChangeQuote = (esimId: string | null) =>
  useQuery({
    queryKey: ['portal', 'change-quote', esimId],
    queryFn: ({ signal }) =>
      api.get<PortalChangeQuote>(`/portal/esims/${encodeURIComponent(esimId ?? '')}/change-quote`, {
        signal,
      }),
    enabled: Boolean(esimId),
  });

/** A key drawn once per wizard run: a double click on finish is one order. */
export const newIdempotencyKey = () => crypto.randomUUID();

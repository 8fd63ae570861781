import type { CreateOrderResponse } from '@esim/contracts';
import { api } from '../../../lib/api';

/**
 * POST /api/account/esims/:esimId/change: an order for a new eSIM that takes over every active and queued
 * package, and its card checkout (409 ESIM_CHANGE_IN_PROGRESS or ESIM_DISABLED, with translated messages). It
 * carries the price the form showed: a different one is 409 PRICE_CHANGED, nothing ordered (ADR 0093).
 */
export const changeEsim = (esimId: string, expectedTotalCents: number) =>
  api.post<CreateOrderResponse>(`/account/esims/${encodeURIComponent(esimId)}/change`, {
    confirm: true,
    expectedTotalCents,
  });

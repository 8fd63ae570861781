import type { CreateOrderResponse, CreateTopUpBody } from '@esim/contracts';
import { api } from '../../../lib/api';

/**
 * POST /api/account/top-ups: an order for a package on one of the customer's eSIMs and its card checkout
 * (422 TOP_UP_NOT_ALLOWED, 409 ESIM_DISABLED, with translated messages). It carries the price the button showed:
 * a different one is 409 PRICE_CHANGED, nothing ordered (ADR 0093).
 */
export const createTopUp = (body: CreateTopUpBody & { expectedTotalCents: number }) =>
  api.post<CreateOrderResponse>('/account/top-ups', body);

import type { CreateOrderBody, CreateOrderResponse } from '@esim/contracts';
import { api } from '../../../lib/api';

/**
 * POST /api/orders: creates the order and a payment session for one package; the server prices it. A signed-in
 * customer's token goes along (the API client adds it), so the order is theirs; otherwise the buyer's account is
 * created from the form (SPEC section 4).
 */
export const createOrder = (body: CreateOrderBody) => api.post<CreateOrderResponse>('/orders', body);

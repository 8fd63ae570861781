import type { OrderQuote, QuoteOrderBody } from '@esim/contracts';
import { api } from '../../../lib/api';

/**
 * POST /api/orders/quote: what the order costs with its codes and what the card page charges, priced by the
 * server as the order will be (ADR 0093); nothing is held until the order.
 */
export const quoteOrder = (body: QuoteOrderBody) => api.post<OrderQuote>('/orders/quote', body);

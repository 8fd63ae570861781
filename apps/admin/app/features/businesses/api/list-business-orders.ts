/** GET /api/staff/businesses/orders (admin only): orders partners' links brought, with per-partner totals. */
import type { BusinessOrdersQuery, BusinessOrdersResponse } from '@esim/contracts/staff';
import { api } from '../../../lib/api-client';

export const listBusinessOrders = (query: BusinessOrdersQuery, signal?: AbortSignal) =>
  api.get<BusinessOrdersResponse>('/staff/businesses/orders', { query, ...(signal ? { signal } : {}) });

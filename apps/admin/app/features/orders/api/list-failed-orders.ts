/** GET /api/staff/orders/failed (admin only): one page of the failed-transactions list. */
import type { FailedOrder, FailedOrdersQuery, Paged } from '@esim/contracts';
import { api } from '../../../lib/api-client';

export const listFailedOrders = (query: FailedOrdersQuery, signal?: AbortSignal) =>
  api.get<Paged<FailedOrder>>('/staff/orders/failed', { query, ...(signal ? { signal } : {}) });

/** The whole filtered list as CSV, streamed by the server (not only the page on screen). */
export const exportFailedOrders = ({ sort, q }: FailedOrdersQuery) =>
  api.get<string>('/staff/orders/failed.csv', { query: { sort, ...(q ? { q } : {}) } });

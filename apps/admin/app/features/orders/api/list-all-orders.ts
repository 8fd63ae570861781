/** GET /api/staff/orders (admin only): one page of all orders; and the whole filtered list as CSV. */
import type { Paged } from '@esim/contracts';
import type { StaffOrder, StaffOrdersQuery } from '@esim/contracts/staff';
import { api } from '../../../lib/api-client';

export const listAllOrders = (query: StaffOrdersQuery, signal?: AbortSignal) =>
  api.get<Paged<StaffOrder>>('/staff/orders', { query, ...(signal ? { signal } : {}) });

/** Exactly the filtered orders, streamed by the server (not only the page on screen). */
export const exportAllOrders = ({ page: _page, pageSize: _size, ...filters }: StaffOrdersQuery) =>
  api.get<string>('/staff/orders.csv', { query: filters });

/** GET /api/staff/orders/for-review (admin only): one page of the orders in review; and all of them as CSV. */
import type { Paged } from '@esim/contracts';
import type { StaffReviewOrder, StaffReviewOrdersQuery } from '@esim/contracts/staff';
import { api } from '../../../lib/api-client';

export const listReviewOrders = (query: StaffReviewOrdersQuery, signal?: AbortSignal) =>
  api.get<Paged<StaffReviewOrder>>('/staff/orders/for-review', { query, ...(signal ? { signal } : {}) });

export const exportReviewOrders = ({ page: _page, pageSize: _size, ...filters }: StaffReviewOrdersQuery) =>
  api.get<string>('/staff/orders/for-review.csv', { query: filters });

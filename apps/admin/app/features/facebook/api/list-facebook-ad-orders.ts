/** GET /api/staff/facebook/ads/orders (+ .csv), admin and analytics: a page of the attributed orders, and all as CSV. */
import type { FacebookAdOrders, FacebookAdOrdersQuery } from '@esim/contracts/staff';
import { api } from '../../../lib/api-client';

export const listFacebookAdOrders = (query: FacebookAdOrdersQuery, signal?: AbortSignal) =>
  api.get<FacebookAdOrders>('/staff/facebook/ads/orders', { query, ...(signal ? { signal } : {}) });

/** Every order the filters select, streamed by the server (not only the page on screen). */
export const exportFacebookAdOrders = ({ page: _page, pageSize: _size, ...filters }: FacebookAdOrdersQuery) =>
  api.get<string>('/staff/facebook/ads/orders.csv', { query: filters });

/** GET /api/staff/refunds (admin only): one page of refunds by kind and status; and the filtered list as CSV. */
import type { Paged } from '@esim/contracts';
import type { StaffRefund, StaffRefundsQuery } from '@esim/contracts/staff';
import { api } from '../../../lib/api-client';

export const listRefunds = (query: StaffRefundsQuery, signal?: AbortSignal) =>
  api.get<Paged<StaffRefund>>('/staff/refunds', { query, ...(signal ? { signal } : {}) });

/** Every refund matching the filters, streamed by the server (not only the page on screen). */
export const exportRefunds = ({ page: _page, pageSize: _size, ...filters }: StaffRefundsQuery) =>
  api.get<string>('/staff/refunds.csv', { query: filters });

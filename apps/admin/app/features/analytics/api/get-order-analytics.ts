/** GET /api/staff/orders/analytics and its CSV per table (admin only, ADR 0049). */
import type { AnalyticsTable, OrderAnalytics, OrderAnalyticsQuery } from '@esim/contracts/staff';
import { saveFile } from '@esim/ui/save-file';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const useOrderAnalytics = (query: OrderAnalyticsQuery, enabled: boolean) =>
  useQuery({
    queryKey: ['order-analytics', query.from, query.to],
    queryFn: ({ signal }) => api.get<OrderAnalytics>('/staff/orders/analytics', { query, signal }),
    enabled,
    // A new range keeps the old charts on screen until its figures arrive (no jump to a loader).
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

/** Downloads one table, with the server's figures (the same as the answer's). */
export const downloadAnalyticsTable = async (query: OrderAnalyticsQuery, table: AnalyticsTable) => {
  const csv = await api.get<string>('/staff/orders/analytics.csv', { query: { ...query, table } });
  saveFile(
    new Blob([csv], { type: 'text/csv;charset=utf-8' }),
    `orders-analytics-${table}-${query.from}-${query.to}.csv`,
  );
};

/** GET /api/staff/finance/shop-reports (+ .csv, .pdf), admin only: the shops' figures of a period and totals. */
import type { ShopReportsPage, ShopReportsQuery } from '@esim/contracts/staff';
import { api } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download-file';
import { exportQuery } from './export-query';

export const listShopReports = (query: ShopReportsQuery, signal?: AbortSignal) =>
  api.get<ShopReportsPage>('/staff/finance/shop-reports', { query, ...(signal ? { signal } : {}) });

export const exportShopReports = (query: ShopReportsQuery) =>
  api.get<string>('/staff/finance/shop-reports.csv', { query: exportQuery(query) });

export const downloadShopReportsPdf = (query: ShopReportsQuery) =>
  downloadFile({
    path: `/staff/finance/shop-reports.pdf?${new URLSearchParams(exportQuery(query))}`,
    accept: 'application/pdf',
    fallbackName: `shop-reports-${query.periodFrom}-${query.periodTo}.pdf`,
  });

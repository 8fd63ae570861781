/** GET /api/staff/finance/shop-reports/:shopId (+ ledger.csv, ledger.pdf): one shop's figures and ledger lines. */
import type { ShopReportListQuery, ShopReportPage } from '@esim/contracts/staff';
import { api } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download-file';
import { exportQuery } from './export-query';

const path = (shopId: string | undefined) => {
  // The screen pins the shop; without it the request would name another endpoint.
  if (!shopId) throw new Error('shop report: no shop id');
  return `/staff/finance/shop-reports/${encodeURIComponent(shopId)}`;
};

export const getShopReport = ({ shopId, ...query }: ShopReportListQuery, signal?: AbortSignal) =>
  api.get<ShopReportPage>(path(shopId), { query, ...(signal ? { signal } : {}) });

export const exportShopLedger = ({ shopId, ...query }: ShopReportListQuery) =>
  api.get<string>(`${path(shopId)}/ledger.csv`, { query: exportQuery(query) });

export const downloadShopLedgerPdf = ({ shopId, ...query }: ShopReportListQuery) =>
  downloadFile({
    path: `${path(shopId)}/ledger.pdf?${new URLSearchParams(exportQuery(query))}`,
    accept: 'application/pdf',
    fallbackName: `shop-ledger-${query.periodFrom}-${query.periodTo}.pdf`,
  });
